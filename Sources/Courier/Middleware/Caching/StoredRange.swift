/// The bytes of a representation a stored response holds: a `206`'s `Content-Range` (read by
/// ``ContentRange``) when the complete length is known, or all of a `200`'s body.
struct StoredRange: Equatable {
    /// The first and last byte, inclusive.
    let first: Int
    let last: Int
    /// The length of the whole representation.
    let completeLength: Int

    /// The number of bytes in the range.
    var count: Int { last - first + 1 }

    /// Whether the range is the whole representation.
    var isComplete: Bool { first == 0 && last == completeLength - 1 }

    init?(first: Int, last: Int, completeLength: Int) {
        guard first >= 0, first <= last, last < completeLength else { return nil }
        self.first = first
        self.last = last
        self.completeLength = completeLength
    }

    /// A `Content-Range` value, or `nil` for one the cache cannot keep: off the grammar, `bytes */N`, or an
    /// unknown complete length (`/*`).
    init?(_ contentRange: String?) {
        guard let contentRange, let parsed = ContentRange(contentRange), let range = parsed.range,
              let length = parsed.completeLength else { return nil }
        self.init(first: Int(range.lowerBound), last: Int(range.upperBound), completeLength: Int(length))
    }

    /// The `Content-Range` value.
    var field: String { "bytes \(first)-\(last)/\(completeLength)" }
}
