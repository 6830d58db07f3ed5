import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// A layer that spends `cost` on the clock before handing the request on.
private struct Slow: Middleware {
    let clock: TestClock<Duration>
    let cost: Duration

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        await clock.advance(by: cost)
        return try await next(request)
    }
}

@Suite("Instrumentation")
struct InstrumentationTests {
    @Test("the total and each measured layer's own time are on the response and reported")
    func segments() async throws {
        let clock = TestClock()
        let transport = RecordingTransport { request in
            await clock.advance(by: .milliseconds(10))
            return stubResponse(200, for: request)
        }
        let reports = Recorded<RequestInstrumentation>()
        let client = Client(transport: transport)
            .measured(as: "transport")
            .with(Slow(clock: clock, cost: .milliseconds(5))).measured(as: "slow")
            .with(Slow(clock: clock, cost: .milliseconds(1)))      // not measured: counted in the total only
            .numbered()
            .instrumented(clock: clock) { reports.append($0) }
        let response = try await client.send(try itemsRequest())
        let instrumentation = try #require(response.instrumentation)
        #expect(instrumentation.total == .milliseconds(16))
        #expect(instrumentation.segments == [
            .init(name: "slow", elapsed: .milliseconds(15), ownTime: .milliseconds(5), count: 1),
            .init(name: "transport", elapsed: .milliseconds(10), ownTime: .milliseconds(10), count: 1),
        ])
        #expect(instrumentation.status == .ok)
        #expect(instrumentation.request.options.number == 1)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.total == .milliseconds(16))
        #expect(instrumentation.description == """
            #1 GET https://api.example.com/items: 16.0 ms until the response head
              slow      15.0 ms (own 5.0 ms)
              transport 10.0 ms (own 10.0 ms)
            """)
    }

    @Test("a layer entered once per attempt sums its times and counts them; a failure is reported too")
    func attemptsAndFailures() async throws {
        let clock = TestClock()
        let transport = RecordingTransport { request in
            await clock.advance(by: .milliseconds(3))
            return stubResponse(503, for: request)
        }
        let client = Client(transport: transport)
            .measured(as: "transport")
            .retrying(.immediate(maxAttempts: 3)).measured(as: "retry")
            .instrumented(clock: clock)
        let response = try await client.send(try itemsRequest())
        let instrumentation = try #require(response.instrumentation)
        #expect(instrumentation.segment("transport") == .init(name: "transport", elapsed: .milliseconds(9), ownTime: .milliseconds(9), count: 3))
        #expect(instrumentation.segment("retry")?.ownTime == .zero)
        #expect(instrumentation.status == .serviceUnavailable)

        let reports = Recorded<RequestInstrumentation>()
        let failing = Client(transport: RecordingTransport { _ in throw NetworkError(.timedOut) })
            .instrumented(clock: clock) { reports.append($0) }
        _ = try? await failing.send(try itemsRequest())
        #expect(reports.all.first?.failure == .timedOut)
        #expect(reports.all.first?.status == nil)
    }

    @Test("measured layers without an instrumenting layer outside them do nothing")
    func withoutRoot() async throws {
        let client = Client(transport: RecordingTransport()).measured(as: "transport")
        let response = try await client.send(try itemsRequest())
        #expect(response.instrumentation == nil)
    }
}
