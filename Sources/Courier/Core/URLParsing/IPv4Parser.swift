/// The WHATWG IPv4 parser (URL §3.5): the forms browsers accept for an IPv4 address, such as
/// `0x7f.1` for `127.0.0.1`, written back in dotted decimal.
enum IPv4Parser {
    /// Whether a host must be read as an IPv4 address: its last label, ignoring one trailing dot, is a
    /// number (decimal, `0x` hex or `0` octal). `example.com` is a name; `foo.09` is a broken address.
    static func endsInANumber(_ host: ArraySlice<UInt8>) -> Bool {
        var parts = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last else { return false }
        if !last.isEmpty, last.allSatisfy(isDecimalDigit) { return true }
        return number(last) != nil
    }

    /// `host` in dotted decimal, or `nil` when it is not an IPv4 address: more than four parts, a part
    /// that is not a number, or a value out of range (`256.256.256.256`, `4294967296`).
    static func dottedDecimal(_ host: ArraySlice<UInt8>) -> String? {
        var parts = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 {
            parts.removeLast()
        }
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(parts.count)
        for part in parts {
            guard let value = number(part) else { return nil }
            numbers.append(value)
        }
        // Every part but the last is one byte; the last fills the bytes left (`10.1` is 10.0.0.1).
        guard let last = numbers.last, numbers.dropLast().allSatisfy({ $0 <= 255 }),
              last < UInt64(1) << (8 * (5 - numbers.count)) else { return nil }
        var address = last
        for (index, value) in numbers.dropLast().enumerated() {
            address += value << (8 * (3 - index))
        }
        return "\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF)"
    }

    /// One part: decimal, hex after `0x`/`0X` (`0x` alone is 0), octal after a leading `0`. Values past
    /// 2³² are clamped there, since any of them makes the address invalid.
    static func number(_ text: ArraySlice<UInt8>) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var digits = text
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"), digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            value = min(value * radix + digit, 1 << 32)
        }
        return value
    }

    private static func digitValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
