import Courier
import CourierTesting
import Foundation
import Testing

/// A throttle and a logger written outside Courier with its public API only, against the real test server.
@Suite("A user's middleware from the public toolkit: a throttle and a logger", .timeLimit(.minutes(1)))
struct ToolkitTests {
    /// Runs `body` with a URLSession client aimed at a fresh test server, the layers `wrap` adds on top.
    private func withClient<T: Sendable>(
        _ wrap: (Client) -> Client,
        _ body: (Client, TestServer) async throws -> T
    ) async throws -> T {
        try await TestServer.withRunning { server in
            try await body(wrap(Client(transport: URLSessionTransport())).targeting(server.server), server)
        }
    }

    /// Waits, without sleeping, until `condition` holds; the suite's time limit ends a wait that never does.
    private func eventually(_ condition: () async -> Bool) async {
        while !(await condition()) {
            await Task.yield()
        }
    }

    @Test("the throttle lets at most 2 of 5 requests reach the server at once, and all 5 are answered")
    func throttleLimitsRequestsInFlight() async throws {
        let throttle = Throttle(limit: 2)
        try await withClient({ $0.with(throttle) }) { client, server in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        let response = try await client.send(try ClientRequest(.get, path: "/hold/gate"))
                        _ = try await response.body.collect(upTo: 1 << 20)
                        return response.status.code
                    }
                }
                await eventually { throttle.slots.waiting == 3 }
                #expect(throttle.slots.inFlight == 2)
                // Both admitted requests reach the server before any is answered.
                await eventually { await server.inFlight("/hold/gate") == 2 }
                await server.release("gate")
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses == [200, 200, 200, 200, 200])
            }
            let most = await server.maxInFlight("/hold/gate")
            let hits = await server.hits("/hold/gate")
            #expect(most == 2)
            #expect(hits == 5)
            #expect(throttle.slots.inFlight == 0)
        }
    }

    @Test("a slot is held until the response body is over, not only until its head arrived")
    func throttleHoldsSlotUntilBodyEnds() async throws {
        let throttle = Throttle(limit: 1)
        try await withClient({ $0.with(throttle) }) { client, server in
            let first = try await client.send(try ClientRequest(.get, path: "/bytes/100"))
            let second = Task { try await client.send(try ClientRequest(.get, path: "/bytes/10")).status.code }
            await eventually { throttle.slots.waiting == 1 }
            let secondHits = await server.hits("/bytes/10")
            #expect(secondHits == 0)
            let body = try await first.body.collect(upTo: 1 << 20)
            #expect(body.count == 100)
            let status = try await second.value
            #expect(status == 200)
        }
    }

    @Test("a request cancelled while it waits for a slot fails as cancelled, with the throttle's note, and is never sent")
    func throttleWaiterCancelled() async throws {
        let throttle = Throttle(limit: 1)
        try await withClient({ $0.with(throttle) }) { client, server in
            let first = try await client.send(try ClientRequest(.get, path: "/bytes/100"))
            let waiter = Task { try await client.send(try ClientRequest(.get, path: "/bytes/10")) }
            await eventually { throttle.slots.waiting == 1 }
            waiter.cancel()
            let error = await #expect(throws: NetworkError.self) { try await waiter.value }
            #expect(error?.kind == .cancelled)
            #expect(error?.message?.contains("It was waiting for one of 1 throttle slots.") == true)
            _ = try await first.body.collect(upTo: 1 << 20)
            #expect(throttle.slots.inFlight == 0)
            #expect(throttle.slots.waiting == 0)
            let hits = await server.hits("/bytes/10")
            #expect(hits == 0)
        }
    }

    @Test("the logger writes one line per request and one at the body's end with its byte count")
    func loggerWritesRequestAndBodyEnd() async throws {
        let sink = LineSink()
        try await withClient({ $0.with(LineLogger(sink: sink)) }) { client, _ in
            let response = try await client.send(try ClientRequest(.get, path: "/bytes/1234"))
            #expect(sink.lines == ["→ GET /bytes/1234"])
            let body = try await response.body.collect(upTo: 1 << 20)
            #expect(body.count == 1234)
            #expect(sink.lines == ["→ GET /bytes/1234", "← 200 GET /bytes/1234: 1234 bytes, finished"])
        }
    }

    @Test("the logger outside retry writes one line per further attempt, heard through the public retry listeners")
    func loggerHearsRetries() async throws {
        let sink = LineSink()
        try await withClient({ $0.retrying(.immediate(maxAttempts: 3)).with(LineLogger(sink: sink)) }) { client, _ in
            let response = try await client.send(try ClientRequest(.get, path: "/flaky/logged"))
            _ = try await response.body.collect(upTo: 1 << 20)
            #expect(sink.lines.count == 4)
            #expect(Array(sink.lines.prefix(3)) == [
                "→ GET /flaky/logged",
                "↻ GET /flaky/logged attempt 2",
                "↻ GET /flaky/logged attempt 3",
            ])
            #expect(sink.lines.last?.hasPrefix("← 200 GET /flaky/logged: ") == true)
        }
    }

    @Test("the logger writes the failure's kind when nothing answers, and a body dropped unread as abandoned")
    func loggerWritesFailuresAndAbandonedBodies() async throws {
        let sink = LineSink()
        // Port 1, not a port a test server just released: with suites running in parallel, another server
        // could be given that port again before the request is made (as BadInputTests' A1 does).
        let client = Client(transport: URLSessionTransport())
            .with(LineLogger(sink: sink))
            .targeting(Server(scheme: "http", host: "127.0.0.1", port: 1))
        await #expect(throws: NetworkError.self) { try await client.send(try ClientRequest(.get, path: "/nowhere")) }
        #expect(sink.lines == ["→ GET /nowhere", "✗ GET /nowhere: cannotConnect"])

        let abandoned = LineSink()
        try await withClient({ $0.with(LineLogger(sink: abandoned)) }) { client, _ in
            _ = try await client.send(try ClientRequest(.get, path: "/bytes/10"))
        }
        #expect(abandoned.lines == ["→ GET /bytes/10", "← 200 GET /bytes/10: 0 bytes, abandoned"])
    }
}
