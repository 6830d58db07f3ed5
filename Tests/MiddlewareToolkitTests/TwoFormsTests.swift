import Courier
import CourierTesting
import Foundation
import Testing

/// The two public forms besides `Middleware`, written outside Courier: a header layer that never suspends and
/// an observer, against the real test server.
@Suite("A user's synchronous header layer and exchange observer", .timeLimit(.minutes(1)))
struct TwoFormsTests {
    private struct NoID: Error {}

    @Test("the header layer's field reaches the server, inside and outside an asynchronous layer")
    func headerReachesTheServer() async throws {
        try await TestServer.withRunning { server in
            let header = RequestIDHeader { "req-42" }
            let sink = LineSink()
            for client in [
                Client(transport: URLSessionTransport()).with(header).targeting(server.server),
                Client(transport: URLSessionTransport()).with(header).observing(LineObserver(sink: sink)).targeting(server.server),
            ] {
                let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/echo"))
                #expect(echo.headers["x-request-id"] == "req-42")
            }
        }
    }

    @Test("the header layer's own failure is reported as middlewareFailed naming it, and nothing is sent")
    func headerFailure() async throws {
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport()).with(RequestIDHeader { throw NoID() }).targeting(server.server)
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<TestServer.Echo>(path: "/echo"))
            }
            #expect(error?.kind == .middlewareFailed(layer: "RequestIDHeader"))
            #expect(await server.hits("/echo") == 0)
        }
    }

    @Test("the observer writes a line per start and per end: read to the end, failed status, and a refused connection")
    func observerLines() async throws {
        let sink = LineSink()
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport()).observing(LineObserver(sink: sink)).targeting(server.server)
            let response = try await client.send(try ClientRequest(.get, path: "/bytes/100"))
            _ = try await response.body.collect(upTo: 1 << 20)
            let missing = try await client.send(try ClientRequest(.get, path: "/status/404"))
            _ = try await missing.body.collect(upTo: 1 << 20)
        }
        let lines = sink.lines
        #expect(Array(lines.prefix(3)) == ["→ GET /bytes/100", "← 200 GET /bytes/100: 100 bytes, finished", "→ GET /status/404"])
        #expect(lines.count == 4)
        #expect(lines.last?.hasPrefix("← 404 GET /status/404: ") == true)
        #expect(lines.last?.hasSuffix(" bytes, finished") == true)
        // A port nothing listens on: the observer hears of the failure.
        let refused = LineSink()
        let closed = Client(transport: URLSessionTransport()).observing(LineObserver(sink: refused))
        await #expect(throws: NetworkError.self) {
            try await closed.send(try ClientRequest(.get, url: "http://127.0.0.1:9/nothing"))
        }
        #expect(refused.lines == ["→ GET /nothing", "✗ GET /nothing: cannotConnect"])
    }
}
