import Foundation

/// How the JSON values of a ``JSONStream`` are framed in the body.
public enum JSONStreamFormat: Sendable, Hashable, CustomStringConvertible {
    /// JSON Lines / NDJSON (`application/jsonl`, `application/x-ndjson`, `application/ndjson`): one JSON text
    /// per line. Lines end with LF or CRLF; empty lines are skipped; the last line may lack its LF. A line
    /// that does not decode ends the stream with an error naming the line.
    case lines
    /// JSON text sequences (`application/json-seq`, RFC 7464): each JSON text is preceded by RS (0x1E) and
    /// followed by LF. A record that is truncated (its value or its LF missing) or is not well-formed JSON is
    /// skipped and the stream goes on, as RFC 7464 §2.1 and §2.3 ask of parsers; a well-formed record that
    /// does not decode as the element type ends the stream with an error naming the record.
    case textSequence

    /// The media types Courier reads as ``lines``.
    public static let lineMediaTypes: Set<String> = [
        "application/jsonl", "application/x-ndjson", "application/ndjson",
        "application/jsonlines", "application/x-jsonlines", "application/json-lines",
    ]

    /// The `Accept` value a JSON stream endpoint sends unless it sets its own: the JSON Lines types first, then
    /// JSON text sequences.
    public static let acceptedMediaTypes = "application/jsonl, application/x-ndjson, application/json-seq;q=0.9"

    /// The format a `Content-Type` announces: ``textSequence`` for `application/json-seq`, ``lines`` for
    /// the JSON Lines / NDJSON types, `nil` for anything else (parameters and case are ignored).
    public init?(contentType: String) {
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        let type = bare.trimmingCharacters(in: .whitespaces).lowercased()
        if type == "application/json-seq" {
            self = .textSequence
        } else if Self.lineMediaTypes.contains(type) {
            self = .lines
        } else {
            return nil
        }
    }

    /// The word an error uses for one unit: "line" or "record".
    var unitName: String {
        switch self {
        case .lines: "line"
        case .textSequence: "record"
        }
    }

    /// `lines` or `textSequence`.
    public var description: String {
        switch self {
        case .lines: "lines"
        case .textSequence: "textSequence"
        }
    }
}
