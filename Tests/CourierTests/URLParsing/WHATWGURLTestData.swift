import Foundation
import Testing

/// One case of the WHATWG URL test data (web-platform-tests `urltestdata.json`).
struct WHATWGURLCase: Decodable {
    let input: String
    let base: String?
    /// The expected serialization, or `nil` when the input must fail to parse.
    let href: String?
    let failure: Bool

    private enum CodingKeys: String, CodingKey {
        case input, base, href, failure
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        input = try container.decode(String.self, forKey: .input)
        base = try container.decodeIfPresent(String.self, forKey: .base)
        href = try container.decodeIfPresent(String.self, forKey: .href)
        failure = try container.decodeIfPresent(Bool.self, forKey: .failure) ?? false
    }

    /// The cases of the data file: its objects (the strings between them are comments).
    static func load() throws -> [WHATWGURLCase] {
        let url = try #require(Bundle.module.url(forResource: "urltestdata", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode([Entry].self, from: Data(contentsOf: url)).compactMap(\.testCase)
    }

    private struct Entry: Decodable {
        let testCase: WHATWGURLCase?

        init(from decoder: any Decoder) throws {
            testCase = (try? decoder.singleValueContainer().decode(String.self)) == nil ? try WHATWGURLCase(from: decoder) : nil
        }
    }

    /// Whether this is an absolute http(s) input, the cases Courier's parser (which has no base URL) is
    /// held to:
    /// 1. after WHATWG's trimming (leading/trailing C0 controls and spaces, tab/LF/CR anywhere), the input
    ///    starts with a scheme that is `http` or `https`, case-insensitively, followed by `:`; and
    /// 2. its expected result does not depend on the base, which by the WHATWG parser's states is so
    ///    exactly when the case has no base, or a base of another scheme, or the input's `scheme:` is
    ///    followed by two characters each `/` or `\` (with a base of the same scheme, `http:foo` and
    ///    `http:/foo` are relative references).
    var isAbsoluteHTTP: Bool {
        let text = Self.trimmed(input)
        guard let (scheme, rest) = Self.split(text), scheme == "http" || scheme == "https" else { return false }
        guard let base, let (baseScheme, _) = Self.split(base), baseScheme == scheme else { return true }
        return rest.prefix(2).count == 2 && rest.prefix(2).allSatisfy { $0 == "/" || $0 == "\\" }
    }

    /// The input as the WHATWG parser reads it.
    static func trimmed(_ input: String) -> String {
        let scalars = input.unicodeScalars
        let isTrimmed = { (scalar: Unicode.Scalar) in scalar.value <= 0x20 }
        let kept = scalars.drop(while: isTrimmed).reversed().drop(while: isTrimmed).reversed()
            .filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        var text = ""
        text.unicodeScalars.append(contentsOf: kept)
        return text
    }

    /// The lowercased scheme and the text after its `:`, or `nil` without a scheme.
    private static func split(_ text: String) -> (String, Substring)? {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        let isSchemeCharacter = { (scalar: Unicode.Scalar) in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
        }
        guard scheme.unicodeScalars.allSatisfy(isSchemeCharacter) else { return nil }
        return (scheme.lowercased(), text[text.index(after: colon)...])
    }
}
