import Foundation
import HTTPTypes

/// The first bytes of a body, made fit for a log line: only for text formats, cut at a character
/// boundary, with sensitive values redacted.
struct TextPreview: Sendable {
    /// Whether a body labelled `contentType` is text that may be written out. No label counts as text
    /// only if the bytes decode as UTF-8.
    static func isText(contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("text/")
            || type == "application/json" || type.hasSuffix("+json")
            || type == "application/xml" || type.hasSuffix("+xml")
            || type == "application/x-www-form-urlencoded"
            || type == "application/javascript" || type == "application/graphql"
    }

    /// `data` (of a body `total` bytes long) as text, at most `limit` bytes of it, or `nil` when it
    /// is not UTF-8 text.
    static func render(_ data: Data, total: Int64, limit: Int, redactor: Redactor) -> String? {
        var prefix = data.prefix(limit)
        var text = String(data: prefix, encoding: .utf8)
        // A cut may split a character: drop up to three bytes of it.
        var dropped = 0
        while text == nil, dropped < 3, !prefix.isEmpty, Int64(prefix.count) < total {
            prefix = prefix.dropLast()
            dropped += 1
            text = String(data: prefix, encoding: .utf8)
        }
        guard let text, !text.contains("\0") else { return nil }
        let shown = Int64(prefix.count)
        let suffix = shown < total ? " … (\(total - shown) more bytes)" : ""
        return redactor.scrub(text, truncated: shown < total) + suffix
    }
}

/// Keeps the first `limit` bytes of a body as it streams past.
final class PrefixCapture: Sendable {
    private let limit: Int
    private let bytes = Locked(Data())

    init(limit: Int) {
        self.limit = limit
    }

    func take(_ chunk: Data) {
        bytes.withLock { bytes in
            let room = limit - bytes.count
            if room > 0 { bytes.append(chunk.prefix(room)) }
        }
    }

    var captured: Data { bytes.withLock { $0 } }
}
