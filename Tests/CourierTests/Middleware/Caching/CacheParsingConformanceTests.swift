import Clocks
@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// Issue #23, items 1–3: `Age`, `Expires` and duplicated `Cache-Control` directives read as RFC 9111 says,
/// and the parsers never read an invalid value as a valid one, whatever the bytes.
@Suite("Cache header parsing: Age, Expires, duplicate directives")
struct CacheParsingConformanceTests {
    typealias Rig = CachingMiddlewareTests.Rig

    /// The cache status of the second GET when the first response carried `fields` (the clock stands still).
    static func secondStatus(_ fields: HTTPFields) async throws -> CacheStatus? {
        let rig = Rig { _ in (200, fields) }
        _ = try await rig.get()
        return try await rig.get().0.cacheStatus
    }

    static var now: String { HTTPDate.format(Date()) }

    // 1. A list-valued Age uses its first member (RFC 9111 §5.1): two hours old under max-age=3600 is stale.
    @Test("a list-valued Age uses its first value", arguments: ["7200, 0", "7200,0"])
    func listAgeFirstValue(_ age: String) async throws {
        #expect(try await Self.secondStatus([.cacheControl: "max-age=3600", .age: age, .date: Self.now]) == .network)
        #expect(try await Self.secondStatus([.cacheControl: "max-age=3600", .age: "0, 7200", .date: Self.now]) == .cache)
    }

    @Test("two Age lines: the first counts")
    func twoAgeLines() async throws {
        var old = HTTPFields([HTTPField(name: .cacheControl, value: "max-age=3600"), HTTPField(name: .date, value: Self.now)])
        old.append(HTTPField(name: .age, value: "7200"))
        old.append(HTTPField(name: .age, value: "0"))
        #expect(try await Self.secondStatus(old) == .network)
        var young = HTTPFields([HTTPField(name: .cacheControl, value: "max-age=3600"), HTTPField(name: .date, value: Self.now)])
        young.append(HTTPField(name: .age, value: "0"))
        young.append(HTTPField(name: .age, value: "7200"))
        #expect(try await Self.secondStatus(young) == .cache)
    }

    // RFC 9111 §5.1: a cache SHOULD ignore an invalid Age; the response then ages from its Date.
    @Test("an invalid Age is ignored", arguments: ["-7200", "7200.0", "7200a", "a7200", "", "abc"])
    func invalidAgeIsIgnored(_ age: String) async throws {
        #expect(try await Self.secondStatus([.cacheControl: "max-age=3600", .age: age, .date: Self.now]) == .cache)
    }

    @Test("an Age beyond 2^31 is 2^31, which is valid: stale (RFC 9111 §1.2.2)")
    func overflowingAge() async throws {
        #expect(try await Self.secondStatus([.cacheControl: "max-age=3600", .age: "2147483650", .date: Self.now]) == .network)
    }

    // 2. A malformed Expires is already expired (RFC 9111 §5.3); RFC 9110 §5.6.7's exact grammar.
    @Test("a malformed Expires means already expired", arguments: [
        "Thu, 01 Dec 2050 16:00:00 UTC",       // UTC, not GMT
        "Thu 01 Dec 2050 16:00:00 GMT",        // no comma
        "Thu,  01 Dec 2050 16:00:00 GMT",      // two spaces
        "Thu, 01-Dec-2050 16:00:00 GMT",       // dashes in an IMF-fixdate
        "Thu, 01 Dec 2050 16.00.00 GMT",       // dots in the time
        "Thu, 01 Dec 2050 6:00:00 GMT",        // a one-digit hour
        "Thu, 1 Dec 2050 16:00:00 GMT",        // a one-digit day
        "Thu, 01 Dec 2050 16:00:00 GMT, Fri, 02 Dec 2050 16:00:00 GMT",   // two Expires lines, joined
        "0", "-1", "2050-12-01T16:00:00Z",
    ])
    func malformedExpiresIsExpired(_ expires: String) async throws {
        #expect(try await Self.secondStatus([.expires: expires, .date: Self.now]) == .network)
    }

    // RFC 9110 §5.6.7, RFC 9111 §4.2: names and GMT in any case are read as the date they spell.
    @Test("day and month names and GMT are read case-insensitively", arguments: [
        "thu, 01 dec 2050 16:00:00 gmt", "THU, 01 DEC 2050 16:00:00 GMT", "Thu, 01 dEc 2050 16:00:00 gMT",
        "THURSDAY, 01-DEC-50 16:00:00 GMT", "THU DEC  1 16:00:00 2050",
    ])
    func caseInsensitiveDates(_ expires: String) async throws {
        #expect(HTTPDate.parse(expires) == HTTPDate.parse("Thu, 01 Dec 2050 16:00:00 GMT"))
        #expect(try await Self.secondStatus([.expires: expires, .date: Self.now]) == .cache)
    }

    @Test("the three HTTP-date forms of RFC 9110 §5.6.7 are read")
    func validDates() async throws {
        let expected = Date(timeIntervalSince1970: 784_111_777)   // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == expected)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: Date(timeIntervalSince1970: 1_700_000_000)) == expected)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == expected)
        #expect(HTTPDate.format(expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(try await Self.secondStatus([.expires: "Thu, 01 Dec 2050 16:00:00 GMT", .date: Self.now]) == .cache)
    }

    @Test("an RFC 850 two-digit year is the one at most 50 years ahead of now")
    func twoDigitYears() throws {
        let now = try #require(HTTPDate.parse("Wed, 25 Nov 2026 00:00:00 GMT"))
        let calendar = { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "GMT")!; return c }()
        func year(_ text: String) -> Int? { HTTPDate.parse(text, now: now).map { calendar.component(.year, from: $0) } }
        #expect(year("Thursday, 01-Dec-50 16:00:00 GMT") == 2050)     // 24 years ahead: this century
        #expect(year("Sunday, 01-Nov-76 16:00:00 GMT") == 2076)       // under 50 years ahead: still ahead
        #expect(year("Tuesday, 01-Dec-76 16:00:00 GMT") == 1976)      // 50 years and 6 days ahead: the past
        #expect(year("Wednesday, 01-Dec-77 16:00:00 GMT") == 1977)    // 51 years ahead: the past century
        #expect(year("Tuesday, 01-Dec-26 16:00:00 GMT") == 2026)
    }

    // 3. Duplicate directives: the first occurrence counts (RFC 9111 §4.2.1); `max-age =3600` is invalid.
    @Test("duplicate max-age: the first one counts", arguments: ["max-age=1, max-age=1800", "max-age=1,max-age=1800"])
    func duplicateMaxAge(_ value: String) async throws {
        let rig = Rig { _ in (200, [.cacheControl: value, .date: Self.now]) }
        _ = try await rig.get()
        await rig.clock.advance(by: .seconds(2))
        #expect(try await rig.get().0.cacheStatus == .network)
        let reversed = Rig { _ in (200, [.cacheControl: "max-age=1800, max-age=1", .date: Self.now]) }
        _ = try await reversed.get()
        await reversed.clock.advance(by: .seconds(2))
        #expect(try await reversed.get().0.cacheStatus == .cache)
    }

    @Test("duplicate max-age across two Cache-Control lines: the first one counts")
    func duplicateMaxAgeLines() throws {
        var fields = HTTPFields()
        fields.append(HTTPField(name: .cacheControl, value: "max-age=1"))
        fields.append(HTTPField(name: .cacheControl, value: "max-age=1800"))
        #expect(CacheControl(fields).maxAge == 1)
    }

    @Test("spaces around = make max-age invalid, which is stale", arguments: ["max-age =3600", "max-age= 3600", "max-age = 3600", "max-age="])
    func spacedMaxAge(_ value: String) async throws {
        #expect(CacheControl([.cacheControl: value]).maxAge == 0)
        #expect(try await Self.secondStatus([.cacheControl: value, .date: Self.now]) == .network)
    }

    // Never crash, never read an invalid value as valid: random bytes and mutations of valid values.
    @Test("fuzz: HTTP dates, Age and Cache-Control never crash, and only grammatical dates parse")
    func fuzzParsers() throws {
        var generator = SystemRandomNumberGenerator()
        let valid = ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"]
        let alphabet = Array("0123456789 ,:-.GMTUCSunNovDecday\t\"=;ax".utf8)
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = Array(valid[round % 3].utf8)
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                }
            } else {
                bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if let date = HTTPDate.parse(text) {
                // Whatever parsed must be one of the three grammars: formatting it back as an IMF-fixdate and
                // re-reading it gives the same instant, and the text has a form's exact length.
                #expect(HTTPDate.parse(HTTPDate.format(date)) == date, "\(text)")
                #expect([29, 30, 31, 32, 33, 24].contains(text.utf8.count), "\(text)")
            }
            let control = CacheControl([.cacheControl: text])
            if let maxAge = control.maxAge { #expect((0...2_147_483_648).contains(maxAge)) }
            let age = Freshness.age([.age: text])
            #expect(age >= 0 && age <= 2_147_483_648)
        }
    }
}
