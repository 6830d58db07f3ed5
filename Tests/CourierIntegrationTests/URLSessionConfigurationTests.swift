import Courier
import CourierTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionTransport(sessionConfiguration:)`: a session configuration the caller already has.
@Suite("URLSessionTransport with a session configuration")
struct URLSessionConfigurationTests {
    // Promise: the session's own settings apply (here its extra headers), and the transport still never
    // follows a redirect itself.
    @Test("the session's extra headers are sent, and a 302 is still delivered as it is")
    func sessionSettingsApply() async throws {
        try await TestServer.withRunning { server in
            let session = URLSessionConfiguration.ephemeral
            session.httpAdditionalHeaders = ["X-From-Session": "yes"]
            let client = Client(transport: URLSessionTransport(sessionConfiguration: session)).targeting(server.server)
            let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/echo"))
            #expect(echo.headers["x-from-session"] == "yes")
            let redirect = try await client.send(try ClientRequest(.get, path: "/redirect/1"))
            #expect(redirect.status.code == 302)
        }
    }
}
