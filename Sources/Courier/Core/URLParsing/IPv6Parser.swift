/// The WHATWG IPv6 parser and serializer (URL §3.5–3.6): the text between `[` and `]`, read into eight
/// 16-bit pieces and written back in the one canonical form (lowercase hex, the longest run of zero
/// pieces compressed to `::`).
enum IPv6Parser {
    /// The canonical form of `text`, or `nil` when it is not an IPv6 address.
    static func canonical(_ text: ArraySlice<UInt8>) -> String? {
        pieces(text).map(serialize)
    }

    /// The eight pieces of `text`, or `nil`: too many or too few pieces, two `::`, a piece of more than
    /// four hex digits, or an embedded IPv4 address that is malformed or not at the end.
    static func pieces(_ text: ArraySlice<UInt8>) -> [UInt16]? {
        let input = Array(text)
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        func at(_ index: Int) -> UInt8? { index < input.count ? input[index] : nil }

        if at(0) == UInt8(ascii: ":") {
            guard at(1) == UInt8(ascii: ":") else { return nil }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        while let byte = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if byte == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let digit = at(pointer).flatMap(hexValue) {
                value = value << 4 | digit
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                // An IPv4 address in the last two pieces (`::ffff:127.0.0.1`).
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                guard let ipv4 = embeddedIPv4(input[pointer...]) else { return nil }
                address[pieceIndex] = ipv4.high
                address[pieceIndex + 1] = ipv4.low
                pieceIndex += 2
                pointer = input.count
                break
            }
            if at(pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            // Move the pieces after `::` to the end; the zeros it stands for fill the gap.
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// Exactly four decimal parts of 0…255, without leading zeros: the IPv4 form allowed inside IPv6.
    private static func embeddedIPv4(_ text: ArraySlice<UInt8>) -> (high: UInt16, low: UInt16)? {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt16] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  part.count == 1 || part.first != UInt8(ascii: "0") else { return nil }
            let value = part.reduce(0) { $0 * 10 + UInt16($1 - UInt8(ascii: "0")) }
            guard value <= 255 else { return nil }
            bytes.append(value)
        }
        return (bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3])
    }

    /// Lowercase hex pieces joined by `:`, the first longest run of two or more zero pieces as `::`.
    static func serialize(_ address: [UInt16]) -> String {
        var compress: Int?
        var longest = 1
        var index = 0
        while index < 8 {
            guard address[index] == 0 else { index += 1; continue }
            var end = index
            while end < 8, address[end] == 0 { end += 1 }
            if end - index > longest {
                longest = end - index
                compress = index
            }
            index = end
        }
        var output = ""
        index = 0
        while index < 8 {
            if index == compress {
                output += index == 0 ? "::" : ":"
                index += longest
                continue
            }
            output += String(address[index], radix: 16)
            if index != 7 { output += ":" }
            index += 1
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
