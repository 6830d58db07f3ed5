import Foundation

/// What a body is, judged from its `Content-Type` (and, when there is none, from its first bytes): text
/// that a terminal can show, JSON among it, or binary.
enum ContentKind: Equatable {
    case json
    case text
    case binary

    /// The kind a media type names; `nil` when there is no `Content-Type`, so the bytes must decide.
    static func of(contentType: String?) -> ContentKind? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        guard !mediaType.isEmpty else { return nil }
        if mediaType == "application/json" || mediaType.hasSuffix("+json") || mediaType.hasSuffix("/json") {
            return .json
        }
        if mediaType.hasPrefix("text/") || mediaType.hasSuffix("+xml") || textualApplicationTypes.contains(mediaType) {
            return .text
        }
        return .binary
    }

    /// `application/…` types that are text although their type is not `text/`.
    private static let textualApplicationTypes: Set<String> = [
        "application/xml", "application/javascript", "application/ecmascript", "application/x-www-form-urlencoded",
        "application/yaml", "application/x-yaml", "application/x-ndjson", "application/ndjson", "application/jsonl",
        "application/graphql", "application/sql", "application/x-sh",
    ]

    /// The kind of bytes that came without a `Content-Type`: binary when they hold a NUL byte or are not
    /// UTF-8 (a sequence cut at the end of `prefix` is allowed: the next chunk may complete it).
    static func sniffing(_ prefix: Data) -> ContentKind {
        if prefix.contains(0) { return .binary }
        // Up to three bytes at the end may be the start of a character the next chunk completes.
        for cut in 0...min(3, prefix.count) where String(data: prefix.dropLast(cut), encoding: .utf8) != nil {
            return .text
        }
        return .binary
    }

    /// Whether a body of this media type never ends on its own and must be shown as it arrives
    /// (server-sent events, JSON lines): pretty-printing would wait for an end that does not come.
    static func isEventStream(contentType: String?) -> Bool {
        guard let contentType = contentType?.lowercased() else { return false }
        return ["text/event-stream", "application/x-ndjson", "application/ndjson", "application/jsonl"].contains {
            contentType.hasPrefix($0)
        }
    }
}
