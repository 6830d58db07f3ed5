import Foundation

/// What kind of payload a media type carries, which decides the encoder for a request body and the reader for a
/// response body.
enum MediaKind: Hashable, Sendable {
    case json, form, multipart, text, binary, xml
    /// Server-sent events, JSON lines, JSON sequences: streams. JSON lines and sequences (``isJSONStream(_:)``)
    /// become a `Courier.JSONStream`; the others are read as raw bytes.
    case stream

    /// The kind of `mediaType` (parameters after `;` ignored, case-insensitive).
    init(mediaType: String) {
        let type = MediaKind.bare(mediaType)
        switch type {
        case "application/x-www-form-urlencoded": self = .form
        case "multipart/form-data": self = .multipart
        case "text/event-stream", "application/x-ndjson", "application/jsonl", "application/json-seq",
            "application/x-json-stream", "application/stream+json", "application/jsonlines":
            self = .stream
        case "application/json", "text/json": self = .json
        case _ where type.hasSuffix("+json") || type.hasSuffix("/json"): self = .json
        case _ where type.hasSuffix("/xml") || type.hasSuffix("+xml"): self = .xml
        case _ where type.hasPrefix("text/"): self = .text
        default: self = .binary
        }
    }

    /// Whether `mediaType` is JSON Lines / NDJSON or a JSON text sequence: generated as a typed `JSONStream`.
    static func isJSONStream(_ mediaType: String) -> Bool {
        ["application/x-ndjson", "application/ndjson", "application/jsonl", "application/json-seq", "application/jsonlines"]
            .contains(bare(mediaType))
    }

    /// `type/subtype` in lower case, without parameters.
    static func bare(_ mediaType: String) -> String {
        let type = mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mediaType
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The `Content-Type` to send for raw bytes: a wildcard is not a content type.
    static func concrete(_ mediaType: String) -> String {
        mediaType.contains("*") ? "application/octet-stream" : mediaType
    }
}
