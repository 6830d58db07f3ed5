/// Punycode decoding (RFC 3492 §6.2), written from the RFC: turns the part of an `xn--` label after
/// the prefix back into Unicode, so that Courier can check the label is valid.
///
/// NOTE: Foundation converts host names to ASCII only when they contain non-ASCII characters, so an
/// ASCII `xn--` label reaches Courier unchecked; decoding it here lets Foundation check the Unicode
/// it stands for.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    /// The RFC's overflow limit for 32-bit integers, kept so the same inputs fail as in other decoders.
    private static let maxInt = Int(UInt32.max)

    /// The Unicode scalars `encoded` stands for, or `nil` when it is not valid Punycode.
    static func decode(_ encoded: some Collection<UInt8>) -> [Unicode.Scalar]? {
        let input = Array(encoded)
        // Everything before the last `-` is copied as is (basic code points); the rest encodes insertions.
        let delimiter = input.lastIndex(of: UInt8(ascii: "-")) ?? 0
        var output: [Unicode.Scalar] = []
        for byte in input[..<delimiter] {
            guard byte < 0x80 else { return nil }
            output.append(Unicode.Scalar(byte))
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var position = delimiter > 0 ? delimiter + 1 : 0
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let digit = digitValue(input[position]) else { return nil }
                position += 1
                guard digit <= (maxInt - i) / weight else { return nil }
                i += digit * weight
                let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < threshold { break }
                guard weight <= maxInt / (base - threshold) else { return nil }
                weight *= base - threshold
                k += base
            }
            let count = output.count + 1
            bias = adapt(delta: i - oldI, count: count, first: oldI == 0)
            guard i / count <= maxInt - n else { return nil }
            n += i / count
            i %= count
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// `a`–`z` (either case) are 0–25, `0`–`9` are 26–35.
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }
}
