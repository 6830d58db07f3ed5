import Clocks
import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("Timeout, delay and rate limit, on a test clock", .timeLimit(.minutes(1)))
struct TimingOutTests {
    /// A transport that answers 200 at once and records when, on `clock`, each request arrived.
    static func timedTransport(_ clock: TestClock<Duration>) -> (RecordingTransport, Recorded<Duration>) {
        let start = clock.now
        let times = Recorded<Duration>()
        let transport = RecordingTransport { request in
            times.append(clock.elapsed(since: start))
            return stubResponse(200, for: request)
        }
        return (transport, times)
    }

    @Test("no answer within the limit is timedOut, and the transfer is cancelled")
    func timesOut() async throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let client = Client(transport: transport).timingOut(after: .seconds(2), clock: clock)
        let error = try await #require(throws: NetworkError.self) {
            try await driving(clock) { try await client.send(try itemsRequest()) }
        }
        #expect(error.kind == .timedOut)
        #expect(transport.cancellations == 1)
    }

    @Test("an answer within the limit passes, and inner layers see the deadline and the time left")
    func passes() async throws {
        let clock = TestClock()
        let seen = Recorded<(remaining: Duration?, timeout: Duration?)>()
        let transport = RecordingTransport { request in
            seen.append((request.options.deadline?.remaining, request.options.timeout))
            return stubResponse(200, for: request)
        }
        let client = Client(transport: transport)
            .timingOut(after: .seconds(10), clock: clock)
            .timingOut(after: .seconds(3), clock: clock)      // outer and tighter: wins
        // The test clock stands still, so the answer comes well within the limit.
        let response = try await client.send(try itemsRequest())
        #expect(response.status == .ok)
        let request = try #require(seen.all.first)
        #expect(request.remaining == .seconds(3))
        #expect(request.timeout == .seconds(3))
    }

    @Test("delayed(by:) waits on its clock before sending")
    func delayed() async throws {
        let clock = TestClock()
        let (transport, times) = Self.timedTransport(clock)
        let client = Client(transport: transport).delayed(by: .milliseconds(750), clock: clock)
        _ = try await driving(clock) { try await client.send(try itemsRequest()) }
        #expect(times.all == [.milliseconds(750)])
    }

    @Test("rateLimited: a burst of N, then one every interval / N")
    func rateLimitWaits() async throws {
        let clock = TestClock()
        let (transport, times) = Self.timedTransport(clock)
        let client = Client(transport: transport).rateLimited(2, per: .seconds(1), clock: clock)
        for _ in 0..<5 {
            _ = try await driving(clock) { try await client.send(try itemsRequest()) }
        }
        #expect(times.all == [0, 0, 500, 1000, 1500].map { .milliseconds($0) })
    }

    @Test("rateLimited(whenExceeded: .fail) fails fast with rateLimited; per host, hosts do not share a bucket")
    func rateLimitFails() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        let client = Client(transport: transport).rateLimited(1, per: .seconds(1), perHost: true, whenExceeded: .fail, clock: clock)
        _ = try await client.send(try itemsRequest())
        let error = try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }
        #expect(error.kind == .rateLimited)
        _ = try await client.send(try ClientRequest(.get, url: "https://other.example.com/"))
        await clock.advance(by: .seconds(1))
        _ = try await client.send(try itemsRequest())
        #expect(transport.requests.count == 3)
    }

    @Test("a waiter cancelled during its rate-limit wait gives its turn back and sends nothing")
    func rateLimitCancel() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        let client = Client(transport: transport).rateLimited(1, per: .seconds(1), clock: clock)
        _ = try await client.send(try itemsRequest())
        let waiter = Task { try await client.send(try itemsRequest()) }
        await clock.waitForSleeper()
        waiter.cancel()
        #expect(try await #require(throws: NetworkError.self) { try await waiter.value }.kind == .cancelled)
        await clock.advance(by: .seconds(1))
        _ = try await client.send(try itemsRequest())           // the turn given back: no wait
        #expect(transport.requests.count == 2)
    }
}
