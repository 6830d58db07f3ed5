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
        guard let ascii = foundationToASCII(labels.joined(separator: ".")) else {
            throw URLParseFailure("the host is not a valid internationalized domain name (UTS #46)")
        }
        return ascii
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
        guard foundationToASCII(decoded) == lowercased else { throw invalid }
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
