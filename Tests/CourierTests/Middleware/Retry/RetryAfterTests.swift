@testable import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("Retry-After parsing (RELIABILITY 27)")
struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT.
    let now = Date(timeIntervalSince1970: 784_111_777)

    @Test("delta-seconds", arguments: [("0", Duration.zero), ("1", .seconds(1)), ("120", .seconds(120)), (" 7 ", .seconds(7))])
    func seconds(_ value: String, _ expected: Duration) {
        #expect(RetryAfter.delay(value, now: now) == expected)
    }

    @Test("the three HTTP-date formats, ten seconds ahead", arguments: [
        "Sun, 06 Nov 1994 08:49:47 GMT",
        "Sunday, 06-Nov-94 08:49:47 GMT",
        "Sun Nov  6 08:49:47 1994",
    ])
    func dates(_ value: String) {
        #expect(RetryAfter.delay(value, now: now) == .seconds(10))
    }

    @Test("a date in the past means now")
    func pastDate() {
        #expect(RetryAfter.delay("Sat, 05 Nov 1994 08:49:37 GMT", now: now) == .zero)
    }

    @Test("garbage, negative and empty values are unreadable", arguments: ["", "   ", "-5", "soon", "1.5", "Sun, 99 Nov 1994 08:49:37 GMT", "0x10"])
    func malformed(_ value: String) {
        #expect(RetryAfter.delay(value, now: now) == nil)
    }

    @Test("huge values stay huge, for the cap to refuse", arguments: ["99999999", "999999999999999999999999", "Thu, 01 Jan 2099 00:00:00 GMT"])
    func huge(_ value: String) throws {
        let delay = try #require(RetryAfter.delay(value, now: now))
        #expect(delay > .seconds(60 * 60 * 24 * 365))
    }
}
