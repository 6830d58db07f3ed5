import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// `CookieJar` against httpbin's `/cookies` routes, a cookie implementation nobody on this team wrote
/// (Werkzeug's `set_cookie` and cookie parsing): `/cookies/set` and `/cookies/delete` answer with a 302
/// to `/cookies`, which echoes the cookies it received.
@Suite(.serialized, .enabled(if: E2EEnvironment.httpbin != nil || E2EEnvironment.isRequired, "HTTPBIN_URL is not set: source scripts/openapi-e2e/start.sh"))
struct HttpbinCookieTests {
    /// What `/cookies` answers.
    struct CookiesEcho: Decodable, Sendable {
        var cookies: [String: String]
    }

    /// Runs `body` with a client that keeps cookies in `jar` inside the redirects, over a transport that
    /// records what it sent.
    func withCookieClient(_ jar: CookieJar, _ body: (Client, RequestRecorder) async throws -> Void) async throws {
        let server = try E2EEnvironment.httpbinServer()
        let transport = AsyncHTTPClientTransport()
        let recorder = RequestRecorder()
        let client = Client(transport: RecordingTransport(base: transport, recorder: recorder))
            .storingCookies(in: jar)
            .followingRedirects()
            .targeting(server)
        do {
            try await body(client, recorder)
            try await transport.shutdown()
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    static func query(_ items: (String, String?)...) -> [URLQueryItem] {
        items.map { URLQueryItem(name: $0.0, value: $0.1) }
    }

    @Test func cookieSetByRedirectIsSentToItsTarget() async throws {
        let jar = CookieJar()
        try await withCookieClient(jar) { client, recorder in
            let echo = try await client.send(Endpoint<CookiesEcho>(path: "/cookies/set", query: Self.query(("session", "abc123"))))

            // One redirect chain: the cookie of the 302 is already on the request to /cookies.
            #expect(echo.cookies == ["session": "abc123"])
            let sent = await recorder.requests
            #expect(sent.map(\.target) == ["/cookies/set?session=abc123", "/cookies"])
            #expect(sent.map { $0.headers["cookie"] } == [nil, "session=abc123"])
            let cookie = try #require(jar.allCookies().first)
            #expect(cookie.path == "/")
            #expect(cookie.isHostOnly)
            #expect(!cookie.isPersistent)
        }
    }

    @Test func cookiesEchoAfterSeveralSets() async throws {
        let jar = CookieJar()
        try await withCookieClient(jar) { client, _ in
            _ = try await client.send(Endpoint<CookiesEcho>(path: "/cookies/set", query: Self.query(("a", "1"), ("b", "two words"))))
            _ = try await client.send(Endpoint<CookiesEcho>(path: "/cookies/set/c/3"))

            let echo = try await client.send(Endpoint<CookiesEcho>(path: "/cookies"))
            #expect(echo.cookies == ["a": "1", "b": "two words", "c": "3"])
        }
    }

    /// URLSession keeps one value per header name and joins the response's two `Set-Cookie` fields with a
    /// comma; the jar takes them apart again.
    @Test func severalCookiesOfOneResponseOverURLSession() async throws {
        let jar = CookieJar()
        let client = Client(transport: URLSessionTransport())
            .storingCookies(in: jar)
            .followingRedirects()
            .targeting(try E2EEnvironment.httpbinServer())
        let echo = try await client.send(Endpoint<CookiesEcho>(path: "/cookies/set", query: Self.query(("a", "1"), ("b", "2"))))

        #expect(echo.cookies == ["a": "1", "b": "2"])
        #expect(jar.allCookies().map(\.path) == ["/", "/"])
    }

    @Test func deleteRemovesTheCookieFromTheJar() async throws {
        let jar = CookieJar()
        try await withCookieClient(jar) { client, recorder in
            _ = try await client.send(Endpoint<CookiesEcho>(path: "/cookies/set", query: Self.query(("keep", "1"), ("drop", "2"))))

            let echo = try await client.send(Endpoint<CookiesEcho>(path: "/cookies/delete", query: Self.query(("drop", nil))))

            #expect(echo.cookies == ["keep": "1"])
            #expect(jar.allCookies().map(\.name) == ["keep"])
            // The delete request itself still carried both; only its answer removed one.
            let requests = await recorder.requests
            let delete = try #require(requests.first { $0.target.hasPrefix("/cookies/delete") })
            #expect(delete.headers["cookie"]?.contains("drop=2") == true)
        }
    }
}
