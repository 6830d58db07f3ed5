/// The WHATWG host parser for http and https (URL §3.5), with Courier's one addition: a host is written
/// back the way it is sent, as a lowercase ASCII name, an IPv4 address in dotted decimal, or a
/// bracketed IPv6 address in its canonical form.
enum URLHostParser {
    /// The serialized host for the bytes between the authority's start (after any userinfo, which the
    /// caller refuses) and its `:port` or end.
    static func serialize(_ host: ArraySlice<UInt8>) throws(URLParseFailure) -> String {
        if host.first == UInt8(ascii: "[") {
            guard host.count >= 2, host.last == UInt8(ascii: "]") else {
                throw URLParseFailure(host.contains(UInt8(ascii: "]"))
                    ? "unexpected text after the IPv6 address" : "the IPv6 address has no closing ']'")
            }
            guard let canonical = IPv6Parser.canonical(host.dropFirst().dropLast()) else {
                throw URLParseFailure("the bracketed host is not a valid IPv6 address")
            }
            return "[" + canonical + "]"
        }
        let domain = try asciiDomain(host)
        if IPv4Parser.endsInANumber(domain[...]) {
            guard let address = IPv4Parser.dottedDecimal(domain[...]) else {
                throw URLParseFailure("the host ends in a number but is not an IPv4 address (four numbers from 0 to 255)")
            }
            return address
        }
        return String(decoding: domain, as: UTF8.self)
    }

    /// The host percent-decoded, converted to ASCII (IDNA only where it is not plain ASCII already) and
    /// lowercased.
    ///
    /// The forbidden code points are checked in UTS #46's order: after mapping and normalisation, on what
    /// the name has become. `<` followed by U+0338 COMBINING LONG SOLIDUS OVERLAY is `≮` once composed, a
    /// valid name; a full-width `＜` maps to `<` and is refused.
    private static func asciiDomain(_ host: ArraySlice<UInt8>) throws(URLParseFailure) -> [UInt8] {
        // The common case: plain ASCII with nothing to decode is only checked and lowercased.
        let plain = !host.contains { $0 >= 0x80 || $0 == UInt8(ascii: "%") }
        let bytes = plain ? Array(host) : percentDecoded(host)
        var domain = bytes.map(ASCII.lowercase)
        if !plain && bytes.contains(where: { $0 >= 0x80 }) {
            do {
                domain = Array(try DomainToASCII.convert(String(decoding: bytes, as: UTF8.self)).utf8)
            } catch {
                // A forbidden code point that stayed one after mapping is the clearer reason.
                try check(bytes, beforeNormalisation: true)
                throw error
            }
        } else {
            // ASCII is its own UTS #46 mapping (but for case): a forbidden byte is refused before IDNA.
            try check(bytes)
            if hasPunycodeLabel(domain) { domain = Array(try DomainToASCII.convert(String(decoding: bytes, as: UTF8.self)).utf8) }
        }
        try check(domain)
        guard !domain.isEmpty else { throw URLParseFailure("it has no host") }
        return domain
    }

    /// Refuses WHATWG's forbidden domain code points, and `"` `` ` `` `{` `}`, which WHATWG allows but a
    /// `Host` header cannot hold (RFC 3986 `reg-name`; Foundation's `URL` refuses them too).
    ///
    /// - Parameter beforeNormalisation: skip a `<` or `>` that U+0338 follows (NFC composes the pair into `≮` or `≯`),
    ///   for bytes that were not yet normalised.
    private static func check(_ bytes: [UInt8], beforeNormalisation: Bool = false) throws(URLParseFailure) {
        for (index, byte) in bytes.enumerated() where byte < 0x80 {
            if beforeNormalisation, byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">"),
               bytes[(index + 1)...].starts(with: [0xCC, 0xB8]) {
                continue
            }
            if isForbidden(byte) {
                throw URLParseFailure(
                    "the host has characters a host name cannot have (a space, control character or one of % # / : < > ? @ [ \\ ] ^ |)"
                )
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                throw URLParseFailure(hostHeaderCharacterReason)
            }
        }
    }

    /// The reason given for `"` `` ` `` `{` `}` in a host, a documented difference from WHATWG.
    static let hostHeaderCharacterReason = "the host has a character that a Host header cannot carry (\" ` { or })"

    /// WHATWG's forbidden domain code points: C0 controls, space, DEL and `# % / : < > ? @ [ \ ] ^ |`.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F:
            true
        case UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "\\"),
             UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
            true
        default:
            false
        }
    }

    /// Whether a label starts with `xn--` (the bytes are lowercase already).
    private static func hasPunycodeLabel(_ domain: [UInt8]) -> Bool {
        var labelStart = 0
        while labelStart + 4 <= domain.count {
            if domain[labelStart] == UInt8(ascii: "x"), domain[labelStart + 1] == UInt8(ascii: "n"),
               domain[labelStart + 2] == UInt8(ascii: "-"), domain[labelStart + 3] == UInt8(ascii: "-") {
                return true
            }
            guard let dot = domain[labelStart...].firstIndex(of: UInt8(ascii: ".")) else { return false }
            labelStart = dot + 1
        }
        return false
    }

    /// `%XX` turned into its byte; a `%` not followed by two hex digits is kept (and then refused).
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
