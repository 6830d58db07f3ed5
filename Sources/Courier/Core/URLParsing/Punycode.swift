/// Punycode (RFC 3492), written from the RFC. Decoding (§6.2) turns the part of an `xn--` label after
/// the prefix back into Unicode, so that Courier can check the label is valid; encoding (§6.3) is for the
/// labels `DomainToASCII` finishes itself.
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

    /// The Punycode for `scalars` (without the `xn--` prefix), or `nil` on overflow.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        let values = scalars.map { Int($0.value) }
        var output = values.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < values.count {
            guard let next = values.filter({ $0 >= n }).min() else { return nil }
            guard next - n <= (maxInt - delta) / (handled + 1) else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for value in values {
                if value < n {
                    delta += 1
                    guard delta <= maxInt else { return nil }
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < threshold { break }
                    output.append(digit(threshold + (q - threshold) % (base - threshold)))
                    q = (q - threshold) / (base - threshold)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// 0–25 are `a`–`z`, 26–35 are `0`–`9`.
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
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
