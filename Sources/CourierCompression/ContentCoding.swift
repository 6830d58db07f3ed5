/// A content coding Courier can compress a request body with (RFC 9110 §8.4.1), named in `Content-Encoding`.
public enum ContentCoding: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The gzip file format (RFC 1952): what servers that take compressed requests accept most often.
    case gzip
    /// The zlib data format (RFC 1950) holding a DEFLATE stream — what HTTP calls `deflate`, not raw DEFLATE.
    case deflate

    /// The token sent in `Content-Encoding`.
    public var token: String { rawValue }

    /// The token.
    public var description: String { rawValue }

    /// zlib's `windowBits` for this format: a 32 KiB window, with the gzip (+16) or zlib header.
    var windowBits: Int32 {
        switch self {
        case .gzip: 15 + 16
        case .deflate: 15
        }
    }
}

/// How hard to compress: zlib's levels, from 1 (fastest) to 9 (smallest).
public struct CompressionLevel: Sendable, Hashable {
    /// zlib's level, 1 to 9.
    public let value: Int32

    /// A level from 1 (fastest) to 9 (smallest output).
    public init(_ value: Int) {
        precondition((1...9).contains(value), "a compression level is 1 to 9, not \(value)")
        self.value = Int32(value)
    }

    /// Level 1: the least CPU; for fast networks and large bodies.
    public static let fastest = CompressionLevel(1)
    /// Level 6, zlib's default balance of speed and size.
    public static let `default` = CompressionLevel(6)
    /// Level 9: the smallest output, for slow networks.
    public static let smallest = CompressionLevel(9)
}
