@testable import Courier
import Foundation
import Testing

@Suite("Cookie dates (RFC 6265 §5.1.1)")
struct CookieDateTests {
    /// 1994-11-06 08:49:37 UTC.
    static let rfcExample = Date(timeIntervalSince1970: 784_111_777)

    @Test("the formats servers use all read as the same instant", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "sun, 06-nov-1994 08:49:37 gmt",
        "06 Nov 1994 08:49:37",
        "Sun, 6 November 1994 08:49:37 UTC",
        "08:49:37 1994 Nov 06th",
        "Sun,06 Nov 1994 08:49:37 +0200",
    ])
    func formats(_ text: String) {
        #expect(CookieDate.parse(text) == Self.rfcExample)
    }

    @Test("two-digit years: 70–99 are the 1900s, 00–69 the 2000s")
    func twoDigitYears() {
        #expect(CookieDate.parse("01 Jan 70 00:00:00") == Date(timeIntervalSince1970: 0))
        #expect(CookieDate.parse("01 Jan 69 00:00:00") == Date(timeIntervalSince1970: 3_124_224_000))
        #expect(CookieDate.parse("01 Jan 00 00:00:00") == Date(timeIntervalSince1970: 946_684_800))
    }

    @Test("a missing part, or a part out of range, fails", arguments: [
        "Sun, 06 Nov 1994",
        "Sun, 06 1994 08:49:37",
        "Sun, Nov 1994 08:49:37",
        "Sun, 06 Nov 08:49:37",
        "32 Nov 1994 08:49:37",
        "00 Nov 1994 08:49:37",
        "06 Nov 1600 08:49:37",
        "06 Nov 1994 24:00:00",
        "06 Nov 1994 08:60:00",
        "06 Nov 1994 08:49:60",
        "30 Feb 2024 00:00:00",
        "29 Feb 2023 00:00:00",
        "06 Nov 19945 08:49:37",
        "",
        "tomorrow",
    ])
    func failures(_ text: String) {
        #expect(CookieDate.parse(text) == nil)
    }

    @Test("leap days exist in leap years, including 2000 but not 1900")
    func leapDays() {
        #expect(CookieDate.parse("29 Feb 2024 12:00:00") == Date(timeIntervalSince1970: 1_709_208_000))
        #expect(CookieDate.parse("29 Feb 2000 00:00:00") == Date(timeIntervalSince1970: 951_782_400))
        #expect(CookieDate.parse("29 Feb 1900 00:00:00") == nil)
    }

    @Test("the first token of each kind counts: a time, a day, a month, then a year")
    func firstTokenOfEachKind() {
        // "1994" cannot be a day (too many digits), so it is the year; the later "2001" is ignored.
        #expect(CookieDate.parse("Nov 06 1994 08:49:37 2001") == Self.rfcExample)
        // A single digit is a time field; "8:9:7" is a time.
        #expect(CookieDate.parse("6 Nov 1994 8:9:7") == Date(timeIntervalSince1970: 784_109_347))
    }

    @Test("days since 1970 agree with Foundation's calendar across eras")
    func civilDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for (year, month, day) in [(1601, 1, 1), (1969, 12, 31), (1970, 1, 1), (2000, 2, 29), (2038, 1, 19), (9999, 12, 31)] {
            let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
            #expect(CookieDate.daysSince1970(year: year, month: month, day: day) * 86_400 == Int(date.timeIntervalSince1970))
        }
    }
}
