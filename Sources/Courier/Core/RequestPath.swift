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
/// characters that cannot appear in a path (spaces, non-ASCII) are encoded. Use
/// `\(raw: text)` to insert text that is already a path.
public struct RequestPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The path as it goes on the request line.
    public let encoded: String

    /// Creates a path from path text (see the type's discussion for what is encoded).
    public init(_ path: String) {
        let text = PercentEncoding.encode(path, allowed: .path, escapes: .keepValid)
        encoded = text.hasPrefix("/") || text.isEmpty ? text : "/" + text
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
        encoded = raw.hasPrefix("/") || raw.isEmpty ? raw : "/" + raw
    }

    /// The encoded path.
    public var description: String { encoded }

    /// The path followed by `?` and the encoded query, or the path alone when there is no query.
    func appending(query: [URLQueryItem]) -> String {
        guard !query.isEmpty else { return encoded.isEmpty ? "/" : encoded }
        // NOTE: bytes: with Foundation imported, `contains("?")` resolves to `range(of:)`, ~1 µs per request.
        let separator = encoded.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        return (encoded.isEmpty ? "/" : encoded) + separator + PercentEncoding.query(query.map { ($0.name, $0.value) })
    }

    /// Builds a ``RequestPath`` from literal path text and values encoded as segments.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        /// Reserves room for the literal.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        /// Appends path text.
        public mutating func appendLiteral(_ literal: String) {
            text += PercentEncoding.encode(literal, allowed: .path, escapes: .keepValid)
        }

        /// Appends a value as one segment: `/`, `?`, `#`, `%` and spaces in it are encoded, and a value
        /// of `.` or `..` is encoded too, so it can never climb out of its place in the path.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            let text = value.description
            if text == "." || text == ".." {
                self.text += String(repeating: "%2E", count: text.count)
            } else {
                self.text += PercentEncoding.encodeComponent(text)
            }
        }

        /// Appends text that is already an encoded path, unchanged.
        public mutating func appendInterpolation(raw: String) {
            text += raw
        }
    }
}
