import Foundation
import HTTPTypes

/// Combining stored parts of one representation (RFC 9111 §3.4).
enum PartialContent {
    /// `variants` after storing `part` (a `206` with `range`): combined with the stored part of the same
    /// variant when both have the same strong validator and the ranges touch or overlap, or else in its
    /// place. A combination that covers the whole representation is stored as the complete `200` and
    /// replaces every response of that variant.
    ///
    /// The combined response takes the new part's header fields (§3.4: the newer response's fields
    /// replace the stored ones), with the combined `Content-Range`.
    static func combining(
        _ part: CachedResponse, _ range: StoredRange, into variants: [CachedResponse],
        sameVariant: (CachedResponse) -> Bool
    ) -> [CachedResponse] {
        var combined = part
        var combinedRange = range
        if let stored = variants.first(where: { $0.isPartial && sameVariant($0) }),
           let storedRange = StoredRange(stored.fields[.contentRange]), stored.body.count == storedRange.count,
           let tag = strongValidator(part.fields), strongValidator(stored.fields) == tag,
           let union = union(storedRange, range) {
            var body = Data(count: union.count)
            body.replaceSubrange((storedRange.first - union.first)...(storedRange.last - union.first), with: stored.body)
            body.replaceSubrange((range.first - union.first)...(range.last - union.first), with: part.body)
            combined.body = body
            combinedRange = union
        }
        guard combinedRange.isComplete else {
            combined.headerFields = replacing("Content-Range", with: combinedRange.field, in: combined.headerFields)
            return variants.filter { !($0.isPartial && sameVariant($0)) } + [combined]
        }
        combined.status = 200
        combined.reasonPhrase = "OK"
        combined.headerFields = combined.headerFields.filter { $0.name.lowercased() != "content-range" }
        return variants.filter { !sameVariant($0) } + [combined]
    }

    /// The `ETag` when it is strong (no `W/`): only such parts may be combined (RFC 9110 §8.8.1, RFC 9111 §3.4).
    static func strongValidator(_ fields: HTTPFields) -> String? {
        guard let tag = fields[.eTag], !tag.hasPrefix("W/") else { return nil }
        return tag
    }

    /// The one range two ranges of the same representation make, when they touch or overlap.
    private static func union(_ a: StoredRange, _ b: StoredRange) -> StoredRange? {
        guard a.completeLength == b.completeLength, a.first <= b.last + 1, b.first <= a.last + 1 else { return nil }
        return StoredRange(first: min(a.first, b.first), last: max(a.last, b.last), completeLength: a.completeLength)
    }

    private static func replacing(_ name: String, with value: String, in fields: [CachedResponse.Field]) -> [CachedResponse.Field] {
        fields.filter { $0.name.lowercased() != name.lowercased() } + [CachedResponse.Field(name: name, value: value)]
    }
}
