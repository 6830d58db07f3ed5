import Courier
import Foundation
import Testing

/// Courier's URL parser against the WHATWG URL test data (web-platform-tests `urltestdata.json`), on the
/// absolute http(s) inputs (``WHATWGURLCase/isAbsoluteHTTP`` says exactly which).
///
/// A valid case agrees when the parse gives the same href (`scheme://authority` + path and query +
/// `#fragment`), or is refused for one of the documented reasons: userinfo, port 0, or `"` `` ` `` `{` `}`
/// in the host. Every invalid case must be refused.
///
/// Categories of disagreement, with this data (WPT 876fe001): 168 valid cases, 203 invalid.
/// - Documented refusals, counted as agreeing: userinfo (29 cases, including an empty `@`), port 0 (2),
///   `"` `` ` `` `{` `}` in a host (1).
/// - Other refusals of valid cases, and different hrefs: none.
/// - Known, not in the data: a non-ASCII host breaking a DNS rule WHATWG switches off (an empty label, a
///   label over 63 bytes, `-` at either end of a label or in its 3rd and 4th places) is refused, because
///   Foundation's IDNA applies those rules.
@Suite("The URL parser agrees with the WHATWG URL test data")
struct URLConformanceTests {
    @Test("absolute http(s) inputs: ≥ 97% of the valid cases agree and every invalid one is refused")
    func conformance() throws {
        let cases = try WHATWGURLCase.load().filter(\.isAbsoluteHTTP)
        var same = 0
        var documented: [String: Int] = [:]
        var refusedValid: [String] = []
        var wrongHref: [String] = []
        var acceptedInvalid: [String] = []
        var refusedInvalid = 0
        for testCase in cases {
            let parsed = Result { try URLStringParser.parse(testCase.input) }
            switch (parsed, testCase.href) {
            case (.success(let parts), let expected?):
                let href = "\(parts.scheme)://\(parts.authority)\(parts.pathAndQuery)" + (parts.fragment.map { "#" + $0 } ?? "")
                if href == expected { same += 1 } else { wrongHref.append("\(testCase.input.debugDescription): \(href) ≠ \(expected)") }
            case (.success(let parts), nil):
                acceptedInvalid.append("\(testCase.input.debugDescription) → \(parts.scheme)://\(parts.authority)\(parts.pathAndQuery)")
            case (.failure(let error), let expected?):
                if let reason = Self.documentedReason(error, expectedHref: expected) {
                    documented[reason, default: 0] += 1
                } else {
                    refusedValid.append("\(testCase.input.debugDescription) → \(error)")
                }
            case (.failure(let error), nil):
                #expect((error as? NetworkError)?.kind == .invalidURL)
                refusedInvalid += 1
            }
        }
        let valid = cases.count { !$0.failure }
        let invalid = cases.count - valid
        let agree = same + documented.values.reduce(0, +)
        let percent = (Double(agree) / Double(valid) * 1000).rounded() / 10
        let reasons = documented.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("""
            URL conformance: \(agree)/\(valid) valid agree (\(percent)%: \(same) same href, \
            \(agree - same) documented refusals: \(reasons)), \(refusedValid.count) refused that should parse, \
            \(wrongHref.count) parsed differently, \(refusedInvalid)/\(invalid) invalid refused
            """)
        for line in refusedValid + wrongHref + acceptedInvalid {
            print("  disagreement: \(line)")
        }
        #expect(Double(agree) >= 0.97 * Double(valid))
        #expect(acceptedInvalid.isEmpty)
        #expect(valid > 150 && invalid > 150, "the filter keeps the absolute http(s) cases")
    }

    /// The documented reason `error` refused a valid case for, or `nil` when it is not one that applies.
    /// (The parser gives the userinfo reason only for an `@` in the authority: WHATWG's userinfo
    /// section, even an empty one, which the href then leaves out.)
    private static func documentedReason(_ error: any Error, expectedHref: String) -> String? {
        guard let error = error as? NetworkError, error.kind == .invalidURL, let message = error.message else { return nil }
        let authority = expectedHref.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first ?? ""
        if message.hasSuffix(URLStringParser.userinfoReason + ".") {
            return "userinfo"
        }
        if message.hasSuffix(URLStringParser.portZeroReason + "."), authority.hasSuffix(":0") {
            return "port 0"
        }
        if message.hasSuffix(URLStringParser.hostHeaderCharacterReason + "."), authority.contains(where: { "\"`{}".contains($0) }) {
            return "Host-header characters"
        }
        return nil
    }
}
