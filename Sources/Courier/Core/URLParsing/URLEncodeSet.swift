/// A WHATWG percent-encode set (URL §1.3): the bytes written as `%XX` in one part of a URL. Every byte
/// of a non-ASCII character is in every set; `%` is in none, so escapes and stray `%` stay as written.
struct URLEncodeSet: Sendable {
    /// One bit per ASCII byte: bit `b` of `low` for 0…63, bit `b - 64` of `high` for 64…127.
    private let low: UInt64
    private let high: UInt64

    /// C0 controls, DEL, and `extra`.
    private init(_ extra: String) {
        var low: UInt64 = 0xFFFF_FFFF  // 0x00…0x1F
        var high: UInt64 = 1 << (0x7F - 64)
        for byte in extra.utf8 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
        self.low = low
        self.high = high
    }

    /// The path percent-encode set: space `"` `#` `<` `>` `?` `^` `` ` `` `{` `}`.
    static let path = URLEncodeSet(" \"#<>?^`{}")
    /// The special-query percent-encode set (http and https): space `"` `#` `<` `>` `'`.
    static let specialQuery = URLEncodeSet(" \"#<>'")
    /// The fragment percent-encode set: space `"` `<` `>` `` ` ``.
    static let fragment = URLEncodeSet(" \"<>`")

    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low >> byte & 1 == 1 }
        if byte < 128 { return high >> (byte - 64) & 1 == 1 }
        return true
    }

    /// Appends `byte` to `output`, as `%XX` (uppercase hex) when the set contains it.
    func append(_ byte: UInt8, to output: inout [UInt8]) {
        guard contains(byte) else {
            output.append(byte)
            return
        }
        output.append(UInt8(ascii: "%"))
        output.append(Self.hexDigit(byte >> 4))
        output.append(Self.hexDigit(byte & 0x0F))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
