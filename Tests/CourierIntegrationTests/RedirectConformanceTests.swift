import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// RELIABILITY.md section G (35–40), against real local servers on every transport.
@Suite("Redirects against real local servers", .timeLimit(.minutes(1)))
struct RedirectConformanceTests {
    static let credentials = ["Authorization": "Bearer s3cret", "Cookie": "session=42", "Proxy-Authorization": "Basic cHJveHk6cHc=", "X-Api-Key": "k-42"]

    static func hop(to url: String, status: Int = 302) -> [URLQueryItem] {
        [URLQueryItem(name: "url", value: url), URLQueryItem(name: "status", value: String(status))]
    }

    @Test("a redirect to another origin drops Authorization, Cookie, Proxy-Authorization and sensitive headers; the same origin keeps them (RELIABILITY 36)", arguments: TransportUnderTest.allCases)
    func credentialsAcrossOrigins(_ kind: TransportUnderTest) async throws {
        try await withTwoServers(kind) { transport, first, second in
            var policy = RedirectPolicy()
            policy.sensitiveHeaders = ["X-Api-Key"]
            let client = Client(transport: transport).followingRedirects(policy).targeting(first.server)

            let away = try await client.send(Endpoint<TestServer.Echo>(path: "/redirect-to", query: Self.hop(to: second.baseURL + "/echo"), headers: Self.credentials))
            #expect(away.headers["host"] == "127.0.0.1:\(second.port)")
            for name in ["authorization", "cookie", "proxy-authorization", "x-api-key"] {
                #expect(away.headers[name] == nil, "\(name) crossed to another origin")
            }
            #expect(await second.hits("/echo") == 1)

            let home = try await client.send(Endpoint<TestServer.Echo>(path: "/redirect-to", query: Self.hop(to: "/echo"), headers: Self.credentials))
            #expect(home.headers["authorization"] == "Bearer s3cret")
            #expect(home.headers["cookie"] == "session=42")
            #expect(home.headers["x-api-key"] == "k-42")

            // A credential added by an authorizing layer below the redirects is not added across origins
            // either; above them it is dropped like any other.
            for signed in [
                Client(transport: transport).authorizing(with: .bearer("s3cret")).followingRedirects(),
                Client(transport: transport).followingRedirects().authorizing(with: .bearer("s3cret")),
            ] {
                let echo = try await signed.targeting(first.server).send(Endpoint<TestServer.Echo>(path: "/redirect-to", query: Self.hop(to: second.baseURL + "/echo")))
                #expect(echo.headers["authorization"] == nil)
            }
        }
    }

    @Test("a redirect loop and an over-long chain end with tooManyRedirects; a short chain arrives and knows where it came from (RELIABILITY 35)", arguments: TransportUnderTest.allCases)
    func limits(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).followingRedirects().targeting(server.server)
            let loop = try await #require(throws: NetworkError.self) { try await client.send(Endpoint<TestServer.Echo>(path: "/redirect-loop/a")) }
            #expect(loop.kind == .tooManyRedirects)
            #expect(await server.hits("/redirect-loop/a") + server.hits("/redirect-loop/b") == 2)

            let long = try await #require(throws: NetworkError.self) { try await client.send(Endpoint<TestServer.Echo>(path: "/redirect/15")) }
            #expect(long.kind == .tooManyRedirects)
            #expect(await server.hits("/echo") == 0)

            let response = try await client.send(try ClientRequest(.get, path: "/redirect/3"))
            #expect(response.status == .ok)
            #expect(response.request.url?.path == "/echo")
            #expect(response.request.options.redirects.map { URL(string: $0)?.path } == ["/redirect/3", "/redirect/2", "/redirect/1"])
        }
    }

    @Test("303, 301 and 302 turn a POST into a GET without its body; 307 and 308 keep method and body (RELIABILITY 40)", arguments: TransportUnderTest.allCases)
    func methodRewriting(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).followingRedirects().targeting(server.server)
            for (status, method, body) in [(303, "GET", ""), (301, "GET", ""), (302, "GET", ""), (307, "POST", #"{"n":1}"#), (308, "POST", #"{"n":1}"#)] {
                let echo = try await client.send(Endpoint<TestServer.Echo>(method: .post, path: "/redirect-to", query: Self.hop(to: "/echo", status: status), body: .json(["n": 1])))
                #expect(echo.method == method, "\(status)")
                #expect(echo.body == body, "\(status)")
                #expect((echo.headers["content-type"] != nil) == !body.isEmpty, "\(status)")
            }
        }
    }

    @Test("file:, ftp:, data:, javascript:, userinfo and invalid Locations are not followed: the 3xx comes back (RELIABILITY 38, 39)", arguments: TransportUnderTest.allCases)
    func refusedLocations(_ kind: TransportUnderTest) async throws {
        try await withTwoServers(kind) { transport, first, second in
            let client = Client(transport: transport).followingRedirects().targeting(first.server)
            let locations = [
                "file:///etc/passwd", "ftp://127.0.0.1/x", "data:text/plain,hi", "javascript:alert(1)",
                "http://attacker:pw@127.0.0.1:\(second.port)/echo",
            ]
            for location in locations {
                let response = try await client.send(try ClientRequest(.get, path: "/redirect-to", query: Self.hop(to: location), headers: Self.credentials))
                #expect(response.status.code == 302, "\(location)")
            }
            // An unparsable Location: AsyncHTTPClient delivers the 302; URLSession on Linux fails the
            // transfer itself while building its redirect request (before asking its delegate), which
            // URLSessionTransport reports as a typed invalidResponse. Either way: no crash, nothing sent.
            let invalid = try ClientRequest(.get, path: "/redirect-to", query: Self.hop(to: "http://[::1"))
            switch kind {
            case .asyncHTTPClient:
                #expect(try await client.send(invalid).status.code == 302)
            case .urlSession:
                let error = try await #require(throws: NetworkError.self) { try await client.send(invalid) }
                #expect(error.kind == .invalidResponse)
            }
            #expect(await second.totalHits() == 0)
        }
    }

    @Test("https → http: refused with insecureRedirect, or followed without credentials when allowed (RELIABILITY 37; a local TLS server, AsyncHTTPClient)")
    func downgrade() async throws {
        try await TestServer.withRunning { plain in
            try await withTLSServer(routes: { router in
                router.get("/to-plain") { _, _ in Response(status: .found, headers: [.location: plain.baseURL + "/echo"]) }
            }) { port in
                // URLSession on Linux has no way to trust this self-signed server, so the downgrade runs
                // on AsyncHTTPClient here; RedirectUnitTests.downgrade covers the same decision with a stub.
                let transport = try transport(pinning: "tls-server-cert.pem")
                let secure = try Server(url: "https://127.0.0.1:\(port)")
                do {
                let error = try await #require(throws: NetworkError.self) {
                    try await Client(transport: transport).followingRedirects().targeting(secure)
                        .send(Endpoint<TestServer.Echo>(path: "/to-plain", headers: Self.credentials))
                }
                #expect(error.kind == .insecureRedirect)
                #expect(await plain.totalHits() == 0)

                var policy = RedirectPolicy()
                policy.allowsInsecureRedirects = true
                let echo = try await Client(transport: transport).followingRedirects(policy).targeting(secure)
                    .send(Endpoint<TestServer.Echo>(path: "/to-plain", headers: Self.credentials))
                #expect(echo.headers["authorization"] == nil)
                #expect(echo.headers["cookie"] == nil)
                } catch {
                    try? await transport.shutdown()
                    throw error
                }
                try await transport.shutdown()
            }
        }
    }
}
