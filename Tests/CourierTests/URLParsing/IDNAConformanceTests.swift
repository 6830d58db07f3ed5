@testable import Courier
import Foundation
import Testing

/// One line of Unicode's UTS #46 conformance file (`IdnaTestV2.txt`): the source, its non-transitional
/// ToASCII form, and the status codes of the errors that form has.
struct IDNATestLine {
    let source: String
    let toUnicode: String
    let toASCII: String
    let errors: Set<String>
    let lineNumber: Int

    /// The lines of the fixture, with the file's rules for blank columns (a blank ToASCII is the ToUnicode
    /// form, a blank ToUnicode the source; a blank ToASCII status is the ToUnicode status).
    static func load() throws -> [IDNATestLine] {
        let url = try #require(Bundle.module.url(forResource: "IdnaTestV2", withExtension: "txt", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines: [IDNATestLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = raw.prefix { $0 != "#" }
            guard !content.allSatisfy(\.isWhitespace) else { continue }
            var columns = content.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            while columns.count < 7 { columns.append("") }
            let source = unescaped(columns[0])
            let toUnicode = columns[1].isEmpty ? source : unescaped(columns[1])
            let toASCII = columns[3].isEmpty ? toUnicode : unescaped(columns[3])
            let status = columns[4].isEmpty ? columns[2] : columns[4]
            let errors = Set(status.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty })
            lines.append(IDNATestLine(source: source, toUnicode: toUnicode, toASCII: toASCII, errors: errors, lineNumber: index + 1))
        }
        return lines
    }

    /// `\uXXXX` and `\x{X…}` escapes replaced; `""` is the empty string.
    ///
    /// NOTE: read scalar by scalar: a combining mark after an escape's last digit would join it in one
    /// `Character`.
    private static func unescaped(_ column: String) -> String {
        guard column != "\"\"" else { return "" }
        let input = Array(column.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func hex(_ digits: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
            UInt32(String(String.UnicodeScalarView(digits)), radix: 16).flatMap(Unicode.Scalar.init)
        }
        while index < input.count {
            if input[index] == "\\", index + 6 <= input.count, input[index + 1] == "u", let scalar = hex(input[(index + 2)..<(index + 6)]) {
                output.append(scalar)
                index += 6
            } else if input[index] == "\\", index + 2 < input.count, input[index + 1] == "x", input[index + 2] == "{",
                      let close = input[(index + 3)...].firstIndex(of: "}"), let scalar = hex(input[(index + 3)..<close]) {
                output.append(scalar)
                index = close + 1
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return String(output)
    }
}

/// Courier's host parser against every line of UTS #46's own conformance file (version 17.0.0).
///
/// WHATWG's domain to ASCII is UTS #46 ToASCII, non-transitional, with `CheckBidi` and `CheckJoiners` on
/// and `UseSTD3ASCIIRules`, `CheckHyphens` and `VerifyDnsLength` off. So the file's `U1` status is no error
/// here (the code points STD3 rules out that a host cannot carry are refused by the URL's own
/// forbidden-code-point rule instead), and a line whose only errors are `A4_1`, `A4_2` (lengths, empty
/// labels), `V2` or `V3` (hyphens) may be accepted with the file's ASCII form, as WHATWG accepts it, or
/// refused for that reason: Foundation's conversion, which Courier uses for non-ASCII names, applies them.
///
/// - A line without errors must give exactly the file's ASCII form, or be refused for a documented reason:
///   its ASCII form has a code point a host cannot have or no host at all, or it ends in a number and is
///   no IPv4 address, or it holds a code point newer than the platform's Unicode data (Foundation's ICU).
/// - A line with any other error must be refused.
@Suite("Internationalized domain names follow UTS #46's conformance file")
struct IDNAConformanceTests {
    /// The statuses of options WHATWG turns off, with which a line may go either way.
    private static let optional: Set<String> = ["U1", "A4_1", "A4_2", "V2", "V3"]

    @Test("every line of IdnaTestV2.txt: the valid ones convert to the file's ASCII form, the others are refused")
    func everyLine() throws {
        let lines = try IDNATestLine.load()
        var converted = 0
        var documented: [String: Int] = [:]
        var refusedForErrors = 0
        var wrong: [String] = []
        for line in lines {
            let errors = line.errors.subtracting(Self.optional)
            let dnsRules = !line.errors.subtracting(["U1"]).isEmpty && errors.isEmpty
            let result = Result { () throws(URLParseFailure) in try URLHostParser.serialize(Array(line.source.utf8)[...]) }
            let shown = line.source.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }.joined()
            let place = "line \(line.lineNumber) \(shown)"
            switch (result, errors.isEmpty) {
            case (.success(let host), true):
                if host == line.toASCII.lowercased() {
                    converted += 1
                } else if let reason = Self.documentedDifference(line.toASCII, host: host) {
                    documented[reason, default: 0] += 1
                } else {
                    wrong.append("\(place): \(host) ≠ \(line.toASCII)")
                }
            case (.failure(let failure), true):
                if let reason = Self.documentedRefusal(line, failure) {
                    documented[reason, default: 0] += 1
                    if reason.hasPrefix("a code point newer") { print("  newer than the platform's Unicode data: \(place)") }
                } else if dnsRules {
                    documented["refused for \(line.errors.subtracting(["U1"]).sorted().joined(separator: "/")) (DNS rules)", default: 0] += 1
                } else {
                    wrong.append("\(place): refused (\(failure.reason)), expected \(line.toASCII)")
                }
            case (.success(let host), false):
                wrong.append("\(place): accepted as \(host) despite \(errors.sorted())")
            case (.failure, false):
                refusedForErrors += 1
            }
        }
        let reasons = documented.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("UTS #46: \(lines.count) lines, \(converted) converted exactly, \(refusedForErrors) refused for their errors, documented: \(reasons); \(wrong.count) wrong")
        for line in wrong.prefix(60) { print("  wrong: \(line)") }
        #expect(wrong.isEmpty)
        #expect(lines.count > 6000 && converted > 500, "the whole file was read")
    }

    /// The refusals a valid name may get: it cannot be a URL's host (seen in its ASCII form), or it needs
    /// Unicode data newer than the platform's.
    private static func documentedRefusal(_ line: IDNATestLine, _ failure: URLParseFailure) -> String? {
        let ascii = line.toASCII.lowercased()
        if ascii.isEmpty || ascii.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(\.isEmpty) {
            return failure.reason == "it has no host" || failure.reason.contains("a host name cannot have") ? "no host" : nil
        }
        if ascii.unicodeScalars.contains(where: { $0.value < 0x21 || "#%/:<>?@[\\]^|\u{7F}".unicodeScalars.contains($0) }) {
            return failure.reason.contains("a host name cannot have") ? "forbidden code point" : nil
        }
        if ascii.unicodeScalars.contains(where: { "\"`{}".unicodeScalars.contains($0) }) {
            return failure.reason == URLHostParser.hostHeaderCharacterReason ? "Host-header character" : nil
        }
        if IPv4Parser.endsInANumber(Array(ascii.utf8)[...]) {
            return failure.reason.contains("not an IPv4 address") ? "ends in a number" : nil
        }
        // Foundation's ICU knows Unicode 15.1; the file is Unicode 17.0.
        let newer = line.toUnicode.unicodeScalars.contains { scalar in
            guard let age = scalar.properties.age else { return true }
            return (age.major, age.minor) > (15, 1)
        }
        return newer ? "a code point newer than Unicode 15.1" : nil
    }

    /// A valid name that parses to another host for a documented reason: one ending in a number is an
    /// IPv4 address, written in dotted decimal.
    private static func documentedDifference(_ ascii: String, host: String) -> String? {
        let bytes = Array(ascii.lowercased().utf8)[...]
        return IPv4Parser.endsInANumber(bytes) && IPv4Parser.dottedDecimal(bytes) == host ? "IPv4 address" : nil
    }
}

/// RFC 3492's encoder, which finishes the labels Foundation's older Unicode data cannot.
@Suite("Punycode encodes as RFC 3492 says")
struct PunycodeEncodingTests {
    // RFC 3492 §7.1's samples (A, B, L, N, S) and the labels of the tests above.
    @Test("encode and decode are inverses on the RFC's samples", arguments: [
        "egbpdaj6bu4bxfgehfvwxn", "ihqwcrb4cv8a8dqg056pqjye", "3B-ww4c5e180e575a65lsy2b", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
        "-> $1.00 <--", "mnchen-3ya", "fa-hia", "9-i0j5967eg3qz", "20-9802c",
    ])
    func roundTrip(_ encoded: String) throws {
        let scalars = try #require(Punycode.decode(encoded.utf8))
        #expect(Punycode.encode(scalars) == encoded)
    }
}
