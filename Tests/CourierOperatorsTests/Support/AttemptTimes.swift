import Clocks
import Courier
import CourierTestSupport

/// A middleware that records when, on a test clock, each attempt was sent.
struct AttemptTimes: Middleware {
    let clock: TestClock<Duration>
    let start: TestClock<Duration>.Instant
    let times = Recorded<Duration>()

    init(clock: TestClock<Duration>) {
        self.clock = clock
        start = clock.now
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        times.append(clock.elapsed(since: start))
        return try await next(request)
    }
}
