/// One byte range of a `Range: bytes=…` request field (RFC 9110 §14.1.2), resolved against a length.
struct ByteRange: Equatable {
    /// The first and last byte, inclusive.
    let first: Int
    let last: Int

    /// The range `field` asks for within `length` bytes, or `nil` when the field is not one satisfiable
    /// byte range: another unit, several ranges (a cache answering those would build a multipart body;
    /// the server does it better), a malformed spec, or a start past the end.
    static func single(_ field: String, length: Int) -> ByteRange? {
        guard field.hasPrefix("bytes="), length > 0 else { return nil }
        let spec = field.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let start = spec[..<dash]
        let end = spec[spec.index(after: dash)...]
        func number(_ text: Substring) -> Int? {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return Int(text)
        }
        if start.isEmpty {
            // `bytes=-N`: the last N bytes.
            guard let suffix = number(end), suffix > 0 else { return nil }
            return ByteRange(first: max(0, length - suffix), last: length - 1)
        }
        guard let first = number(start), first < length else { return nil }
        if end.isEmpty { return ByteRange(first: first, last: length - 1) }
        guard let last = number(end), last >= first else { return nil }
        return ByteRange(first: first, last: min(last, length - 1))
    }
}
