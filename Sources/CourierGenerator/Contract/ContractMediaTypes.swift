import OpenAPIKit

/// Matching a message's `Content-Type` against the media types (and ranges: `image/*`, `*/*`) a document lists.
enum ContractMediaTypes {
    /// The documented media type `contentType` falls under: an exact match first, then the narrowest range.
    static func documented(_ contentType: String, in content: OpenAPI.Content.Map) -> OpenAPI.ContentType? {
        let actual = MediaKind.bare(contentType)
        let keys = Array(content.keys)
        if let exact = keys.first(where: { MediaKind.bare($0.rawValue) == actual }) { return exact }
        let type = actual.split(separator: "/").first.map(String.init) ?? actual
        if let range = keys.first(where: { MediaKind.bare($0.rawValue) == type + "/*" }) { return range }
        return keys.first { MediaKind.bare($0.rawValue) == "*/*" }
    }

    /// `application/json, text/plain`, for messages.
    static func listed(_ content: OpenAPI.Content.Map) -> String {
        content.keys.map(\.rawValue).joined(separator: ", ")
    }
}
