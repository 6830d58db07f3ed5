/// A `Content-Range` field value (RFC 9110 §14.4) in bytes: the part of the representation a `206`
/// carries (`bytes 100-199/1000`), or, in a `416`, the representation's length alone (`bytes */1000`).
///
/// Parsed strictly: a resumed download appends the body at the offset this value names, so a value that
/// is not exactly well-formed is refused rather than guessed at.
struct ContentRange: Sendable, Hashable {
    /// The first and last byte positions of the part carried, both included; `nil` for `bytes */N`.
    var range: ClosedRange<Int64>?
    /// The whole representation's length; `nil` when the server wrote `*` (unknown).
    var completeLength: Int64?

    init(range: ClosedRange<Int64>?, completeLength: Int64?) {
        self.range = range
        self.completeLength = completeLength
    }

    /// Parses `bytes first-last/length`, `bytes first-last/*` or `bytes */length`; `nil` for anything
    /// else: another unit, spaces inside, signs, numbers too large for 63 bits, `first > last`, or a
    /// range that does not fit in the complete length.
    init?(_ value: some StringProtocol) {
        var bytes = Substring(value).utf8[...]
        // OWS around a field value is not part of it (RFC 9110 §5.5).
        while bytes.first == UInt8(ascii: " ") || bytes.first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() }
        while bytes.last == UInt8(ascii: " ") || bytes.last == UInt8(ascii: "\t") { bytes = bytes.dropLast() }
        let unit = bytes.prefix(6)
        guard unit.count == 6, String(decoding: unit, as: UTF8.self).lowercased() == "bytes " else { return nil }
        let rest = bytes.dropFirst(6)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let rangePart = rest[..<slash]
        let lengthPart = rest[rest.index(after: slash)...]

        if lengthPart.elementsEqual("*".utf8) {
            completeLength = nil
        } else if let length = Self.number(lengthPart) {
            completeLength = length
        } else {
            return nil
        }

        if rangePart.elementsEqual("*".utf8) {
            // `*/length` says only the length: it is meaningless without one.
            guard completeLength != nil else { return nil }
            range = nil
            return
        }
        guard let dash = rangePart.firstIndex(of: UInt8(ascii: "-")),
              let first = Self.number(rangePart[..<dash]),
              let last = Self.number(rangePart[rangePart.index(after: dash)...]),
              first <= last
        else { return nil }
        if let completeLength, last >= completeLength { return nil }
        range = first...last
    }

    /// The number of bytes the part carries: `last - first + 1`.
    var partLength: Int64? {
        range.map { $0.upperBound - $0.lowerBound + 1 }
    }

    /// A run of 1 to 18 ASCII digits (18 always fit in an `Int64`), else `nil`.
    private static func number(_ digits: Substring.UTF8View.SubSequence) -> Int64? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
