import Courier
import CourierTesting
import Foundation
import Testing

/// The cookie jar against the local test server, on every transport: cookies set by a redirect reach the
/// next hop, and the `Cookie` header arrives as one line the server reads.
@Suite("Cookies against the local test server", .timeLimit(.minutes(1)))
struct CookieConformanceTests {
    /// `/cookie-login` sets a session and redirects to `/echo`; `/cookie-logout` deletes it.
    static let routes = [
        TestServer.Route(.get, "/cookie-login") { _ in
            TestServer.Reply(status: 302, headers: ["Location": "/echo", "Set-Cookie": "session=abc123; Path=/; HttpOnly"])
        },
        TestServer.Route(.get, "/cookie-logout") { _ in
            TestServer.Reply(status: 200, headers: ["Set-Cookie": "session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"])
        },
    ]

    @Test("a cookie set by a 302 is sent to the hop it redirects to, with the caller's own cookie first", arguments: TransportUnderTest.allCases)
    func cookieWithinRedirectChain(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning(routes: Self.routes) { server in
                let jar = CookieJar()
                let client = Client(transport: transport)
                    .storingCookies(in: jar)
                    .followingRedirects()
                    .targeting(server.server)

                let landed = try await client.send(Endpoint<TestServer.Echo>(path: "/cookie-login", headers: ["Cookie": "theme=dark"]))
                #expect(landed.path == "/echo")
                #expect(landed.headers["cookie"] == "theme=dark; session=abc123")
                #expect(jar.allCookies().map(\.isHTTPOnly) == [true])

                let logout = try await client.send(ClientRequest(path: "/cookie-logout"))
                _ = try await logout.body.collect(upTo: 1024)
                let after = try await client.send(Endpoint<TestServer.Echo>(path: "/echo"))
                #expect(after.headers["cookie"] == nil)
                #expect(jar.allCookies().isEmpty)
            }
        }
    }
}
