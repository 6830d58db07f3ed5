import Foundation

/// HTTP dates (RFC 9110 §5.6.7), as `Date`, `Expires`, `Last-Modified` and `Retry-After` carry them.
///
/// Parsed by hand and strictly: the grammar's exact spacing, punctuation and digit counts, `GMT` and
/// nothing else; only the case of the day and month names and of `GMT` is free (RFC 9111 §4.2). A value
/// off the grammar (`UTC`, a missing comma, two spaces, dots in the time, a one-digit
/// hour) is `nil`, which RFC 9111 §5.3 reads, for `Expires`, as "already expired" — never as a date a
/// lenient formatter guessed.
///
/// `package`: CourierTesting's test server writes its `Expires` and `Last-Modified` with the same formatter.
package enum HTTPDate {
    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`); `nil` for anything else.
    ///
    /// - Parameter now: what an RFC 850 two-digit year is read against: a year more than 50 years after
    ///   `now` is the most recent past year with the same last two digits (RFC 9110 §5.6.7).
    package static func parse(_ value: String, now: Date = Date()) -> Date? {
        let bytes = Array(value.utf8)
        var imf = DateScanner(bytes), rfc850 = DateScanner(bytes), asctime = DateScanner(bytes)
        return imf.imfFixdate() ?? rfc850.rfc850(now: now) ?? asctime.asctime()
    }

    /// `date` as an IMF-fixdate.
    package static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ n: Int?) -> String { let n = n ?? 0; return n < 10 ? "0\(n)" : "\(n)" }
        let weekday = DateScanner.shortDays[((c.weekday ?? 1) + 5) % 7]
        let month = DateScanner.months[(c.month ?? 1) - 1]
        let year = String(c.year ?? 1970)
        let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return "\(weekday), \(two(c.day)) \(month) \(paddedYear) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) GMT"
    }
}

/// Reads the three HTTP-date forms byte by byte.
private struct DateScanner {
    static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `day-name "," SP day SP month SP year SP hour ":" minute ":" second SP "GMT"`
    mutating func imfFixdate() -> Date? {
        guard word(Self.shortDays) != nil, literal(", "), let day = digits(2), literal(" "),
              let month = word(Self.months), literal(" "), let year = digits(4), literal(" "),
              let time = timeOfDay(), literal(" GMT"), atEnd else { return nil }
        return Self.date(year: year, month: month + 1, day: day, time: time)
    }

    /// `day-name-l "," SP day "-" month "-" 2DIGIT SP time-of-day SP "GMT"`
    mutating func rfc850(now: Date) -> Date? {
        guard word(Self.longDays) != nil, literal(", "), let day = digits(2), literal("-"),
              let month = word(Self.months), literal("-"), let shortYear = digits(2), literal(" "),
              let time = timeOfDay(), literal(" GMT"), atEnd else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let thisYear = calendar.component(.year, from: now)
        // This century's reading, unless that timestamp is more than 50 years after now (compared as
        // dates, not years): then the most recent past year with the same two digits.
        let century = thisYear - thisYear % 100
        guard let reading = Self.date(year: century + shortYear, month: month + 1, day: day, time: time) else { return nil }
        guard let limit = calendar.date(byAdding: .year, value: 50, to: now), reading > limit else { return reading }
        return Self.date(year: century + shortYear - 100, month: month + 1, day: day, time: time)
    }

    /// `day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time-of-day SP year`
    mutating func asctime() -> Date? {
        guard word(Self.shortDays) != nil, literal(" "), let month = word(Self.months), literal(" ") else { return nil }
        let day: Int
        if literal(" ") {
            guard let digit = digits(1) else { return nil }
            day = digit
        } else {
            guard let twoDigits = digits(2) else { return nil }
            day = twoDigits
        }
        guard literal(" "), let time = timeOfDay(), literal(" "), let year = digits(4), atEnd else { return nil }
        return Self.date(year: year, month: month + 1, day: day, time: time)
    }

    private var atEnd: Bool { index == bytes.count }

    private mutating func timeOfDay() -> (hour: Int, minute: Int, second: Int)? {
        guard let hour = digits(2), literal(":"), let minute = digits(2), literal(":"), let second = digits(2) else { return nil }
        // 60 seconds is a leap second, which the grammar allows.
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        return (hour, minute, second)
    }

    /// Exactly `count` ASCII digits.
    private mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// The bytes of `text`, ASCII letters in either case (`GMT`, `gmt`).
    private mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = text.withUTF8Buffer { expected in
            bytes[index..<index + count].lazy.map(Self.folded).elementsEqual(expected.lazy.map(Self.folded))
        }
        if matches { index += count }
        return matches
    }

    /// The index of the word of `words` that comes next, in either case.
    ///
    /// NOTE: the grammar's names are case-sensitive tokens, but RFC 9110 §5.6.7 asks recipients to be
    /// lenient with dates and RFC 9111 §4.2 says a cache reads them case-insensitively: `THU, 01 AUG … gMT` is
    /// a date, as every browser reads it, not an expired one.
    private mutating func word(_ words: [String]) -> Int? {
        for (position, candidate) in words.enumerated() {
            let utf8 = candidate.utf8
            if index + utf8.count <= bytes.count,
               bytes[index..<index + utf8.count].lazy.map(Self.folded).elementsEqual(utf8.lazy.map(Self.folded)) {
                index += utf8.count
                return position
            }
        }
        return nil
    }

    /// An ASCII letter in lowercase; other bytes as they are.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func date(year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Int)) -> Date? {
        guard (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let components = DateComponents(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: min(time.second, 59))
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day else { return nil }   // 31 Feb is not a date
        return date
    }
}
