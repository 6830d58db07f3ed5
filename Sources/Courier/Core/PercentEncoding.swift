/// RFC 3986 percent-encoding, done on UTF-8 bytes so that non-ASCII text is encoded the same way on every
/// platform (Foundation's helpers differ between Apple and Linux in which characters they leave alone).
package enum PercentEncoding {
    /// Which bytes may appear unencoded in one part of a URL.
    struct Allowed: Sendable {
        let contains: @Sendable (UInt8) -> Bool

        /// RFC 3986 `unreserved`: the only characters left alone in a query name or value, or a path
        /// segment filled from a value, so `+ & = # / ?` and spaces always arrive as data.
        static let unreserved = Allowed { isUnreserved($0) }

        /// `pchar` and `/`: what a path written out by hand may hold.
        static let path = Allowed { isUnreserved($0) || isSubDelim($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "/") }

        /// `pchar`, `/` and `?`: what a query written out by hand may hold.
        static let query = Allowed { path.contains($0) || $0 == UInt8(ascii: "?") }

        /// RFC 6265 `cookie-octet`: printable ASCII but space, `"`, `,`, `;` and `\`; what a cookie value holds as is.
        static let cookieOctets = Allowed { byte in
            byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
                || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
        }
    }

    /// What to do with a `%` already in the text.
    enum Escapes {
        /// The text is data: `%` is encoded as `%25`.
        case encode
        /// `%XX` is kept as an escape; a `%` not followed by two hex digits is encoded as `%25`.
        case keepValid
    }

    /// Percent-encodes every byte of `text` that `allowed` does not contain.
    static func encode(_ text: some StringProtocol, allowed: Allowed, escapes: Escapes = .encode) -> String {
        // NOTE: most text has nothing to escape (paths, query names and values of letters and digits): it is
        // returned as it is, without a copy, so that a literal path stays a literal. Only text with something
        // to escape is rebuilt (three allocations a call before, on every request's path and query).
        guard needsEscaping(text.utf8, allowed: allowed, escapes: escapes) else { return String(text) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), escapes != .encode {
                if index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                    output.append(contentsOf: bytes[index...index + 2])
                    index += 3
                    continue
                }
            }
            if byte != UInt8(ascii: "%"), allowed.contains(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether ``encode(_:allowed:escapes:)`` would change `bytes`: a byte outside `allowed`, or a `%`
    /// that does not start a valid escape (or any `%` when escapes are encoded).
    static func needsEscaping(_ bytes: some Collection<UInt8>, allowed: Allowed, escapes: Escapes) -> Bool {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "%") {
                guard escapes != .encode, index != bytes.endIndex, isHexDigit(bytes[index]) else { return true }
                let second = bytes.index(after: index)
                guard second != bytes.endIndex, isHexDigit(bytes[second]) else { return true }
                index = bytes.index(after: second)
            } else if !allowed.contains(byte) {
                return true
            }
        }
        return false
    }

    /// Encodes a query name or value, or a path segment filled from a value: everything but
    /// `unreserved` is escaped.
    package static func encodeComponent(_ text: some StringProtocol) -> String {
        encode(text, allowed: .unreserved)
    }

    /// Builds `name=value&name2` from query items, encoding each name and value as data.
    package static func query(_ items: [(name: String, value: String?)]) -> String {
        var query = ""
        for (position, item) in items.enumerated() {
            if position > 0 { query += "&" }
            query += encodeComponent(item.name)
            if let value = item.value {
                query += "="
                query += encodeComponent(value)
            }
        }
        return query
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    static func isSubDelim(_ byte: UInt8) -> Bool {
        "!$&'()*+,;=".utf8.contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
