import Clocks
import Courier
import CourierTestSupport

/// A transport that answers 200 at once and records when, on `clock`, each request arrived.
func timedTransport(_ clock: TestClock<Duration>) -> (RecordingTransport, Recorded<Duration>) {
    let start = clock.now
    let times = Recorded<Duration>()
    let transport = RecordingTransport { request in
        times.append(clock.elapsed(since: start))
        return stubResponse(200, for: request)
    }
    return (transport, times)
}
