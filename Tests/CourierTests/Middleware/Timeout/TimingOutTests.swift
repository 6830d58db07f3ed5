import Clocks
import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("Timeout, on a test clock", .timeLimit(.minutes(1)))
struct TimingOutTests {
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
}
