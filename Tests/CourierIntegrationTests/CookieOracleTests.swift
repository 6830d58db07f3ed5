import Courier
import CourierTestSupport
import Foundation
import Testing

/// Courier's `CookieJar` against Python's `http.cookiejar` on the same `Set-Cookie` fields
/// (`Fixtures/cookiejar_cases.json`, run by `Fixtures/cookiejar_oracle.py`): an implementation nobody
/// on this team wrote, so that a rule both got wrong the same way is unlikely.
///
/// Where `http.cookiejar` departs from RFC 6265 the case says so (`differs`) and gives the RFC's answer;
/// for those the test checks Courier against the RFC, and that Python still answers otherwise (a mark
/// that has become untrue fails, instead of hiding an agreement).
@Suite("CookieJar against Python's http.cookiejar")
struct CookieOracleTests {
    struct Cases: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        struct Step: Decodable {
            var url: String
            var cookies: [String]
        }

        var name: String
        var set: [Step]
        var ask: [String]
        /// How and why `http.cookiejar` answers otherwise.
        var differs: String?
        /// The headers RFC 6265 asks for, where `http.cookiejar` differs.
        var rfc6265: [String?]?
    }

    static func fixture(_ name: String, _ type: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Fixtures"))
    }

    /// The headers Courier's jar sends for each asked URL.
    static func courierHeaders(_ testCase: Case) throws -> [String?] {
        let jar = CookieJar()
        for step in testCase.set {
            jar.storeCookies(from: step.cookies, for: try #require(URL(string: step.url)))
        }
        return try testCase.ask.map { jar.cookieHeader(for: try #require(URL(string: $0))) }
    }

    @Test("every case agrees with http.cookiejar, or with RFC 6265 where it is marked as differing")
    func agreesWithPython() async throws {
        let casesFile = try Self.fixture("cookiejar_cases", "json")
        let cases = try JSONDecoder().decode(Cases.self, from: Data(contentsOf: casesFile)).cases
        let outcome = try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", try Self.fixture("cookiejar_oracle", "py").path, casesFile.path])
        try #require(outcome.status == 0, "cookiejar_oracle.py failed: \(outcome.errorText)")
        let python = try JSONDecoder().decode([String: [String?]].self, from: outcome.standardOutput)
        #expect(Set(python.keys) == Set(cases.map(\.name)), "case names must be unique")

        var agreed = 0
        for testCase in cases {
            let ours = try Self.courierHeaders(testCase)
            let theirs = try #require(python[testCase.name])
            if testCase.differs != nil {
                let expected = try #require(testCase.rfc6265, "'\(testCase.name)' differs but gives no rfc6265 answer")
                #expect(ours == expected, "'\(testCase.name)': Courier differs from RFC 6265")
                #expect(theirs != expected, "'\(testCase.name)' is marked as differing, but http.cookiejar now agrees: remove the mark")
            } else {
                #expect(ours == theirs, "'\(testCase.name)': Courier and http.cookiejar disagree for \(testCase.ask)")
                if ours == theirs { agreed += 1 }
            }
        }
        // The cases are the point of the test: a file that lost most of them would prove little.
        #expect(agreed >= 35)
        #expect(cases.count - agreed == cases.filter { $0.differs != nil }.count)
    }
}
