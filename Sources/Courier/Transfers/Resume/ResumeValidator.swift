import Foundation
import HTTPTypes

/// What identifies the exact bytes a partial download holds, so that a later `If-Range` asks the server
/// for the rest only if the representation is still the same (RFC 9110 §13.1.5).
///
/// Only a strong validator will do, since bytes are joined from two responses: a strong `ETag`, or
/// — when the response has no entity tag at all — a `Last-Modified` that is strong, that is, at least
/// one second older than the response's `Date` (§8.8.2.2). A weak `ETag` (`W/"…"`) or a date that could
/// hide a second change makes the download not resumable.
enum ResumeValidator: Sendable, Hashable, Codable {
    /// A strong entity tag, quotes included: `"5f3a-1c0"`.
    case entityTag(String)
    /// A strong `Last-Modified` date, as the server wrote it.
    case lastModified(String)

    /// The strong validator of a response with these fields, or `nil` when it has none.
    init?(of fields: HTTPFields) {
        if let tag = fields[.eTag]?.trimmingCharacters(in: .whitespaces) {
            // An entity tag is an opaque quoted string; a weak one must not be sent in If-Range, and with
            // a tag present a date must not be either (RFC 9110 §13.1.5).
            guard Self.isStrongEntityTag(tag) else { return nil }
            self = .entityTag(tag)
            return
        }
        guard let modified = fields[.lastModified]?.trimmingCharacters(in: .whitespaces),
              let modifiedDate = HTTPDate.parse(modified),
              let servedDate = fields[.date].flatMap({ HTTPDate.parse($0) }),
              servedDate.timeIntervalSince(modifiedDate) >= 1
        else { return nil }
        self = .lastModified(modified)
    }

    /// The value of `If-Range`.
    var ifRangeValue: String {
        switch self {
        case .entityTag(let tag): tag
        case .lastModified(let date): date
        }
    }

    /// Whether a response with `fields` says its representation differs from the one this validator
    /// names: another entity tag, or another date. A response that names none says nothing.
    func isContradicted(by fields: HTTPFields) -> Bool {
        switch self {
        case .entityTag(let tag):
            guard let other = fields[.eTag]?.trimmingCharacters(in: .whitespaces) else { return false }
            return other != tag
        case .lastModified(let date):
            guard let other = fields[.lastModified]?.trimmingCharacters(in: .whitespaces) else { return false }
            return HTTPDate.parse(other) != HTTPDate.parse(date)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case entityTag = "etag"
        case lastModified
    }

    /// Decodes `{"etag":"\"…\""}` or `{"lastModified":"…"}`, as a partial download's record holds it.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let tag = try container.decodeIfPresent(String.self, forKey: .entityTag) {
            self = .entityTag(tag)
        } else {
            self = .lastModified(try container.decode(String.self, forKey: .lastModified))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .entityTag(let tag): try container.encode(tag, forKey: .entityTag)
        case .lastModified(let date): try container.encode(date, forKey: .lastModified)
        }
    }

    /// `"…"` with no `W/` and no quote or control character inside (RFC 9110 §8.8.3).
    private static func isStrongEntityTag(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return false }
        return bytes.dropFirst().dropLast().allSatisfy { $0 == 0x21 || ($0 >= 0x23 && $0 != 0x7F) }
    }
}
