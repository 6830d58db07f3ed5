import Foundation
import Yams

/// Repairs, on the node tree, what real documents get wrong and OpenAPIKit rejects, plus the 3.0 → 3.1 rewrites
/// that decoding a 3.0 document with the 3.1 model needs. Each repair is a warning with its path and position;
/// none drops a property, parameter or body.
///
/// | code | finding | fix |
/// |---|---|---|
/// | `integer-bound` | integer `minimum`/`maximum`/`exclusive*`/`multipleOf` that is not an Int64 | drop that bound |
/// | `number-bound` | a number bound that is not a number | drop that bound |
/// | `exclusive-bool` | 3.0 boolean `exclusiveMinimum/Maximum` (silent in 3.0 documents) | 3.1 numeric form |
/// | `nullable-in-3.1` | `nullable` in a 3.1 document (OpenAPIKit maps it) | kept; one warning with count |
/// | `no-responses` | an operation without `responses` | `default: {description: ""}` |
/// | `media-type` | a `content` key that is not `type/subtype` | remove the key |
/// | `multi-type` | `type: [string, integer]` | `anyOf` of one schema per type |
/// | `properties-beside-composition` | `properties` next to `allOf`/`oneOf`/`anyOf` (OpenAPIKit drops them) | an `allOf` part |
/// | `required-alternatives` | `oneOf`/`anyOf` of `{required: […]}` beside `properties` | the object alone |
struct LenientFixes {
    let family: VersionCheck.Family
    let diagnostics: DiagnosticCollector

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]
    private static let pathItemMaps: Set<String> = ["paths", "webhooks", "pathItems"]

    func apply(to root: inout Node) {
        var nullable: (count: Int, first: String)?
        DocumentWalk.walk(&root, path: []) { node, path, isNamedMap in
            if isNamedMap {
                if path.last == "content" { fixMediaTypes(in: &node, path: path) }
                return true
            }
            if isOperation(path) { fixResponses(of: &node, path: path) }
            if node.has("nullable") && family != .v3_0 {
                nullable = (count: (nullable?.count ?? 0) + 1, first: nullable?.first ?? path.dotted)
            }
            fixExclusiveBounds(in: &node, path: path)
            fixNumericBounds(in: &node, path: path)
            splitMultipleTypes(in: &node, path: path)
            keepPropertiesBesideCompositions(in: &node, path: path)
            return true
        }
        if let nullable {
            diagnostics.warning(
                "nullable-in-3.1", at: nullable.first,
                "`nullable` is OpenAPI 3.0; read as a null type here and at \(nullable.count - 1) other place(s)")
        }
    }

    private func isOperation(_ path: [String]) -> Bool {
        let count = path.count
        guard count >= 3, Self.methods.contains(path[count - 1]) else { return false }
        return Self.pathItemMaps.contains(path[count - 3]) || (count >= 4 && path[count - 4] == "callbacks")
    }

    /// An operation must answer something; `default: {description: ""}` makes it an `Endpoint<Void>`.
    private func fixResponses(of operation: inout Node, path: [String]) {
        if case .mapping(let responses)? = operation.value(forKey: "responses"), !responses.isEmpty { return }
        if operation.has("$ref") { return }
        let response = Node.newMapping([(Node.string("description"), Node.string(""))])
        operation.setValue(.newMapping([(Node.string("default"), response)]), forKey: "responses")
        diagnostics.warning("no-responses", at: path.dotted, "the operation lists no responses; assuming `default` with no body")
    }

    private func fixMediaTypes(in content: inout Node, path: [String]) {
        guard case .mapping(let mapping) = content else { return }
        for key in mapping.compactMap(\.key.text) where !Self.isMediaType(key) {
            diagnostics.warning(
                "media-type", at: (path + [key]).dotted,
                "`\(key)` under `content` is not a media type (type/subtype); removed")
            content.removeValue(forKey: key)
        }
    }

    private static func isMediaType(_ key: String) -> Bool {
        let essence = key.split(separator: ";").first ?? ""
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}
