import Foundation

/// The `Expires` date of a cookie, read with RFC 6265 §5.1.1's own algorithm.
///
/// Servers write cookie dates in every format ever seen (`Wed, 09 Jun 2021 10:18:14 GMT`,
/// `Wednesday, 09-Jun-21 10:18:14 GMT`, `Wed Jun 9 10:18:14 2021`, …), so the algorithm does not match a
/// format: it splits the text into tokens at delimiters and takes the first token that looks like a
/// time, a day, a month and a year, in that order of preference. Everything else is ignored; the zone is
/// always UTC.
enum CookieDate {
    /// The date, or `nil` when a part is missing or out of range (which makes `Expires` ignored).
    static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(Array(text.utf8)) {
            if time == nil, let found = hmsTime(token) {
                time = found
            } else if day == nil, let found = number(token, digits: 1...2) {
                day = found
            } else if month == nil, let found = monthNumber(token) {
                month = found
            } else if year == nil, let found = number(token, digits: 2...4) {
                year = found
            }
        }
        guard let time, let day, let month, var year else { return nil }
        // Two-digit years: 70–99 are 1970–1999, 00–69 are 2000–2069.
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(day), year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59,
              day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `delimiter = %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E`; a token is a run of anything else.
    private static func tokens(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(omittingEmptySubsequences: true) { byte in
            byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
    }

    /// `hms-time ( non-digit *OCTET )`, with `hms-time = 1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT`.
    private static func hmsTime(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var rest = token[...]
        var fields: [Int] = []
        for index in 0..<3 {
            guard let (value, after) = leadingNumber(rest, digits: 1...2) else { return nil }
            fields.append(value)
            rest = after
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        return (fields[0], fields[1], fields[2])
    }

    /// `n*mDIGIT ( non-digit *OCTET )`: a number of `digits` digits, then nothing or a non-digit.
    private static func number(_ token: ArraySlice<UInt8>, digits: ClosedRange<Int>) -> Int? {
        leadingNumber(token, digits: digits)?.value
    }

    /// The leading digits of `bytes` when there are `digits` of them (all of the leading run, so what
    /// follows is not a digit), and what follows.
    private static func leadingNumber(_ bytes: ArraySlice<UInt8>, digits: ClosedRange<Int>) -> (value: Int, rest: ArraySlice<UInt8>)? {
        let run = bytes.prefix { (0x30...0x39).contains($0) }
        guard digits.contains(run.count) else { return nil }
        let value = run.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return (value, bytes.dropFirst(run.count))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `month = ( "jan" / … / "dec" ) *OCTET`, case-insensitively: 1–12.
    private static func monthNumber(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar, counted in whole 400-year
    /// eras (146 097 days each) from 0000-03-01, so that February, with its leap day, ends each year.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        // 719 468 days lie between 0000-03-01 and 1970-01-01.
        return era * 146_097 + dayOfEra - 719_468
    }
}
