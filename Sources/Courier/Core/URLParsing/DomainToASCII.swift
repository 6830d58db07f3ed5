import Foundation

/// WHATWG "domain to ASCII" for names with non-ASCII characters or `xn--` labels: UTS #46 ToASCII,
/// non-transitional (`faß.de` is `xn--fa-hia.de`, not `fass.de`), with the bidi and joiner checks.
///
/// NOTE: UTS #46 needs Unicode's IDNA mapping table; rather than carry one, this step (only this step of
/// URL parsing) asks Foundation, whose `URLComponents` runs ICU's UTS #46 conversion on a host set with
/// non-ASCII text. Foundation also applies the DNS rules WHATWG leaves out (no empty label, no label over
/// 63 bytes, no `-` at either end of a label or in its 3rd and 4th places), so a non-ASCII name breaking
/// one of them is refused. Foundation leaves ASCII `xn--` labels alone, so those are decoded here and
/// must come back unchanged from Foundation's conversion: invalid Punycode, or Punycode for text that is
/// not a valid label, is refused.
enum DomainToASCII {
    /// `domain` in ASCII, lowercased, or a failure saying why not.
    static func convert(_ domain: String) throws(URLParseFailure) -> String {
        var labels: [String] = []
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            labels.append(try unicode(of: label))
        }
        let name = labels.joined(separator: ".")
        guard let ascii = foundationToASCII(name) ?? withNewerIdeographs(name) else {
            throw URLParseFailure("the host is not a valid internationalized domain name (UTS #46)")
        }
        return ascii
    }

    /// The conversion of a name holding CJK unified ideographs newer than Foundation's Unicode data
    /// (ICU's, Unicode 15.1 here; Swift's own is 17.0), or `nil`.
    ///
    /// NOTE: every unified ideograph is valid in UTS #46, unmapped, NFC-stable, bidi class L and no joiner,
    /// so putting one ICU knows (U+4E02) in each one's place changes no step's outcome: ICU maps and checks
    /// the rest, and its answer is decoded, the ideographs put back in order, and encoded again. If ICU's
    /// mapping made a U+4E02 of its own (counts differ), nothing is guessed: the name is refused.
    private static func withNewerIdeographs(_ name: String) -> String? {
        let placeholder: Unicode.Scalar = "\u{4E02}"
        let ideographs = name.unicodeScalars.filter(\.properties.isUnifiedIdeograph)
        guard !ideographs.isEmpty else { return nil }
        let standIn = String(String.UnicodeScalarView(name.unicodeScalars.map { $0.properties.isUnifiedIdeograph ? placeholder : $0 }))
        guard let converted = foundationToASCII(standIn) else { return nil }
        var remaining = ideographs[...]
        var labels: [String] = []
        for label in converted.split(separator: ".", omittingEmptySubsequences: false) {
            guard label.hasPrefix("xn--"), var scalars = Punycode.decode(label.utf8.dropFirst(4)), scalars.contains(placeholder) else {
                labels.append(String(label))
                continue
            }
            for index in scalars.indices where scalars[index] == placeholder {
                guard let original = remaining.popFirst() else { return nil }
                scalars[index] = original
            }
            // The DNS rules Foundation applied to the stand-in's label, applied to the real one.
            guard let encoded = Punycode.encode(scalars), encoded.utf8.count + 4 <= 63 else { return nil }
            labels.append("xn--" + encoded)
        }
        let ascii = labels.joined(separator: ".")
        return remaining.isEmpty && ascii.utf8.count <= 253 ? ascii : nil
    }

    /// `label` itself, or the Unicode an `xn--` label encodes after checking that it encodes it the one
    /// canonical way.
    private static func unicode(of label: Substring) throws(URLParseFailure) -> String {
        let bytes = label.utf8
        guard bytes.count >= 4, bytes.prefix(4).map({ $0 | 0x20 }) == Array("xn--".utf8) else {
            return String(label)
        }
        let lowercased = String(decoding: bytes.map(ASCII.lowercase), as: UTF8.self)
        let invalid = URLParseFailure("the host has an xn-- label that is not valid Punycode for a name")
        guard bytes.allSatisfy({ $0 < 0x80 }), let scalars = Punycode.decode(bytes.dropFirst(4)),
              scalars.contains(where: { !$0.isASCII }) else { throw invalid }
        var decoded = ""
        decoded.unicodeScalars.append(contentsOf: scalars)
        guard (foundationToASCII(decoded) ?? withNewerIdeographs(decoded)) == lowercased else { throw invalid }
        return decoded
    }

    /// Foundation's (ICU's) UTS #46 ToASCII of `name`, or `nil` when it refuses it.
    ///
    /// NOTE: when the conversion fails, `encodedHost` is the name percent-encoded rather than `nil`; a
    /// valid converted name never contains `%` (the host parser refuses one in what comes back), so `%`
    /// means failure.
    private static func foundationToASCII(_ name: String) -> String? {
        var components = URLComponents()
        components.host = name
        guard let encoded = components.encodedHost, !encoded.isEmpty,
              !encoded.utf8.contains(UInt8(ascii: "%")), encoded.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: encoded.utf8.map(ASCII.lowercase), as: UTF8.self)
    }
}
