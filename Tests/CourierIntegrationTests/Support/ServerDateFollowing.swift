import Clocks
import Courier
import Foundation
import HTTPTypes

/// Makes the test server's clock move with a test clock: each response's `Date` becomes the date this
/// layer was made plus the time the test clock has advanced since.
///
/// The cache ages a response by comparing its `Date` with its own clock (RFC 9111 §4.2.3). The test
/// server stamps real time, so after `clock.advance(by: .seconds(61))` every response would look 61 s
/// old, as if the client's clock ran ahead of the server's; this keeps the two in step, as they are
/// outside tests.
struct ServerDateFollowing: Middleware {
    let clock: TestClock<Duration>
    let start: TestClock<Duration>.Instant
    let origin = Date()

    init(clock: TestClock<Duration>) {
        self.clock = clock
        start = clock.now
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var response = try await next(request)
        let (seconds, _) = start.duration(to: clock.now).components
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        response.head.headerFields[.date] = formatter.string(from: origin.addingTimeInterval(Double(seconds)))
        return response
    }
}
