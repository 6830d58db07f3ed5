import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Redirect policy with a stub transport")
struct RedirectUnitTests {
    /// A transport where `https://secure.example.com/start` redirects to `location` and everything else
    /// answers 200.
    static func redirecting(to location: String, status: Int = 302) -> RecordingTransport {
        RecordingTransport { request in
            request.head.path == "/start" ? stubResponse(status, headers: [.location: location], for: request) : stubResponse(200, for: request)
        }
    }

    static func start() throws -> ClientRequest {
        try ClientRequest(url: "https://secure.example.com/start", headers: ["Authorization": "Bearer s3cret", "Cookie": "session=1"])
    }

    @Test("https → http is refused with insecureRedirect, or followed without credentials when allowed (RELIABILITY 37)")
    func downgrade() async throws {
        let transport = Self.redirecting(to: "http://secure.example.com/plain")
        let error = try await #require(throws: NetworkError.self) {
            try await Client(transport: transport).followingRedirects().send(try Self.start())
        }
        #expect(error.kind == .insecureRedirect)
        #expect(transport.requests.count == 1)

        var policy = RedirectPolicy()
        policy.allowsInsecureRedirects = true
        let response = try await Client(transport: transport).followingRedirects(policy).send(try Self.start())
        #expect(response.request.url?.absoluteString == "http://secure.example.com/plain")
        #expect(response.request.head.headerFields[.authorization] == nil)
        #expect(response.request.head.headerFields[.cookie] == nil)
        #expect(response.request.options.redirects == ["https://secure.example.com/start"])
    }

    @Test("the scheme's default port written out is the same origin; another port or scheme is not", arguments: [
        ("https://secure.example.com:443/next", true),
        ("https://SECURE.example.com/next", true),
        ("https://secure.example.com:8443/next", false),
        ("https://other.example.com/next", false),
    ])
    func origins(_ location: String, _ sameOrigin: Bool) async throws {
        let response = try await Client(transport: Self.redirecting(to: location)).followingRedirects().send(try Self.start())
        #expect((response.request.head.headerFields[.authorization] != nil) == sameOrigin)
        #expect(response.request.options.crossesOrigin == !sameOrigin)
    }

    @Test("Locations are resolved against the request: absolute path, relative path, scheme-relative", arguments: [
        ("/next?a=1", "https://secure.example.com/next?a=1"),
        ("next", "https://secure.example.com/next"),
        ("//other.example.com/x", "https://other.example.com/x"),
        ("/login?next=https://secure.example.com/home", "https://secure.example.com/login?next=https://secure.example.com/home"),
        ("https://other.example.com:8443/y#frag", "https://other.example.com:8443/y"),
        ("https:\\\\other.example.com\\y", "https://other.example.com/y"),
    ])
    func resolution(_ location: String, _ expected: String) async throws {
        let response = try await Client(transport: Self.redirecting(to: location)).followingRedirects().send(try Self.start())
        #expect(response.request.url?.absoluteString == expected)
    }

    @Test("another scheme, userinfo or an invalid Location is not followed: the 3xx is the answer (RELIABILITY 38, 39)", arguments: [
        "file:///etc/passwd", "ftp://example.com/x", "data:text/plain,hi", "javascript:alert(1)",
        "https://attacker:pw@other.example.com/", "http://[::1", "https://exa mple.com/",
        // Relative to the request's URL in a browser (same scheme, no `//`), not a host: not followed.
        "https:other.example.com/x", "https:/other.example.com/x",
    ])
    func notFollowed(_ location: String) async throws {
        let transport = Self.redirecting(to: location)
        let response = try await Client(transport: transport).followingRedirects().send(try Self.start())
        #expect(response.status.code == 302)
        #expect(transport.requests.count == 1)
    }

    @Test("a single-pass body is not re-sent on 307: the 307 is returned")
    func singlePass307() async throws {
        let transport = Self.redirecting(to: "/elsewhere", status: 307)
        var request = try Self.start()
        request.method = .post
        request.body = .singlePass(AsyncStream { $0.yield(Data("x".utf8)); $0.finish() })
        let response = try await Client(transport: transport).followingRedirects().send(request)
        #expect(response.status.code == 307)
        #expect(transport.requests.count == 1)
    }

    @Test("an API key set by a credential is dropped across origins, like Authorization; a 401 from the other origin causes no refresh")
    func apiKeyAcrossOrigins() async throws {
        let transport = Self.redirecting(to: "https://other.example.com/landing")
        let client = Client(transport: transport).followingRedirects().authorizing(with: .credential(.apiKey("k-42", header: "X-Api-Key")))
        let response = try await client.send(try ClientRequest(url: "https://secure.example.com/start"))
        #expect(transport.requests.first?.head.headerFields[HTTPField.Name("X-Api-Key")!] == "k-42")
        #expect(response.request.head.headerFields[HTTPField.Name("X-Api-Key")!] == nil)

        let tokens = CountingTokens()
        let rejecting = RecordingTransport { request in
            request.head.path == "/start"
                ? stubResponse(302, headers: [.location: "https://other.example.com/landing"], for: request)
                : stubResponse(401, for: request)
        }
        let refreshing = Client(transport: rejecting).followingRedirects().authorizing(with: .bearer(tokens))
        #expect(try await refreshing.send(try ClientRequest(url: "https://secure.example.com/start")).status == .unauthorized)
        #expect(await tokens.refreshes == 0)
        #expect(rejecting.requests.last?.head.headerFields[.authorization] == nil)
    }
}
