import Foundation

/// A URL path, already percent-encoded, written as a string literal whose interpolations are encoded as
/// single path segments.
///
/// ```swift
/// let name = "swift/nio"                    // a value, not two segments
/// let path: RequestPath = "/repos/\(name)/issues"
/// path.encoded                              // "/repos/swift%2Fnio/issues"
/// ```
///
/// The literal parts are path text: `/` separates segments, existing `%XX` escapes are kept, and
/// characters that cannot appear in a path (spaces, non-ASCII) are encoded. A `?` in the literal text
/// starts the query, as in a URL (`"/search?q=\(term)&sort=new"`); interpolated values after it are
/// encoded as query values, and an endpoint's `query` items are appended after it with `&`. A `?`
/// inside an interpolated value is data, encoded as `%3F`. Use `\(raw: text)` to insert text that is
/// already a path.
public struct RequestPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The path as it goes on the request line.
    public let encoded: String

    /// Creates a path from path text (see the type's discussion for what is encoded).
    public init(_ path: String) {
        // A path with nothing to escape and no query is kept as it is: a literal stays a literal.
        if !path.utf8.contains(UInt8(ascii: "?")), !PercentEncoding.needsEscaping(path.utf8, allowed: .path, escapes: .keepValid) {
            self.init(raw: path)
            return
        }
        var interpolation = StringInterpolation(literalCapacity: path.utf8.count, interpolationCount: 0)
        interpolation.appendLiteral(path)
        self.init(raw: interpolation.text)
    }

    /// Creates a path from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Creates a path from an interpolated literal.
    public init(stringInterpolation: StringInterpolation) {
        self.init(raw: stringInterpolation.text)
    }

    private init(raw: String) {
        encoded = raw.utf8.first == UInt8(ascii: "/") || raw.isEmpty ? raw : "/" + raw
    }

    /// The encoded path.
    public var description: String { encoded }

    /// The path followed by `?` and the encoded query, or the path alone when there is no query.
    func appending(query: [URLQueryItem]) -> String {
        guard !query.isEmpty else { return encoded.isEmpty ? "/" : encoded }
        // NOTE: bytes: with Foundation imported, `contains("?")` resolves to `range(of:)`, ~1 µs per request.
        let separator: String
        if let last = encoded.utf8.last, last == UInt8(ascii: "?") || last == UInt8(ascii: "&") {
            separator = ""                              // "/search?" or "/search?a=1&" already ends with one
        } else {
            separator = encoded.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        }
        return (encoded.isEmpty ? "/" : encoded) + separator + PercentEncoding.query(query.map { ($0.name, $0.value) })
    }

    /// Builds a ``RequestPath`` from literal path text and values encoded as segments.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""
        /// Whether a literal `?` has started the query.
        private var inQuery = false

        /// Reserves room for the literal.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        /// Appends path text, or query text after a literal `?`.
        public mutating func appendLiteral(_ literal: String) {
            guard !inQuery else {
                text += PercentEncoding.encode(literal, allowed: .query, escapes: .keepValid)
                return
            }
            guard let mark = literal.utf8.firstIndex(of: UInt8(ascii: "?")) else {
                text += PercentEncoding.encode(literal, allowed: .path, escapes: .keepValid)
                return
            }
            text += PercentEncoding.encode(literal[..<mark], allowed: .path, escapes: .keepValid) + "?"
            inQuery = true
            text += PercentEncoding.encode(literal[literal.utf8.index(after: mark)...], allowed: .query, escapes: .keepValid)
        }

        /// Appends a value as one segment — or, after a literal `?`, as one query value: everything but
        /// letters, digits and `-._~` is encoded (`/`, `?`, `&`, `=`, `#`, `%`, spaces), and a segment of
        /// `.` or `..` is encoded too, so it can never climb out of its place in the path.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            let text = value.description
            if !inQuery, text == "." || text == ".." {
                self.text += String(repeating: "%2E", count: text.count)
            } else {
                self.text += PercentEncoding.encodeComponent(text)
            }
        }

        /// Appends a UUID as one segment (or query value) in lower case, RFC 9562's canonical form (its
        /// `description` is upper case).
        public mutating func appendInterpolation(_ value: UUID) {
            text += value.uuidString.lowercased()
        }

        /// Appends text that is already an encoded path, unchanged.
        public mutating func appendInterpolation(raw: String) {
            text += raw
        }
    }
}
