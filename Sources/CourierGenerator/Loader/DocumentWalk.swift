import Yams

/// Visits the mappings of an OpenAPI node tree that can hold `$ref`s, schemas or content maps, skipping values
/// that are data (`example`, `default`, `enum`, `const`, an Example's `value`, `x-` extensions), so a repair never
/// touches an example that happens to look like a schema.
///
/// A *named map* is a mapping whose keys are names chosen by the author (`properties`, `responses`, `content`,
/// `components.schemas`…): there `default` or `example` is a name (a response, a property), not a keyword.
enum DocumentWalk {
    /// Keys whose value is a mapping from author-chosen names to objects.
    static let namedMapKeys: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "paths", "webhooks",
        "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
        "callbacks", "pathItems", "content", "encoding", "mapping", "variables", "scopes",
    ]
    /// Keys whose value is data, not OpenAPI structure (outside named maps).
    static let dataKeys: Set<String> = ["example", "default", "enum", "const", "value"]

    typealias Visit = (_ node: inout Node, _ path: [String], _ isNamedMap: Bool) throws -> Bool

    /// Calls `visit` on every structural mapping, parents first; `visit` returns whether to go into its children
    /// (it may have rewritten the node).
    static func walk(_ node: inout Node, path: [String], isNamedMap: Bool = false, _ visit: Visit) rethrows {
        var path = path
        try walk(&node, path: &path, isNamedMap: isNamedMap, visit)
    }

    private static func walk(_ node: inout Node, path: inout [String], isNamedMap: Bool, _ visit: Visit) rethrows {
        switch node {
        case .mapping:
            guard try visit(&node, path, isNamedMap) else { return }
            try node.editChildren { key, child in
                if !isNamedMap && (dataKeys.contains(key) || key.hasPrefix("x-")) { return }
                // A schema's `examples` is a list of values; elsewhere it is a named map of Example objects.
                if !isNamedMap && key == "examples", case .sequence = child { return }
                path.append(key)
                defer { path.removeLast() }
                try walk(&child, path: &path, isNamedMap: !isNamedMap && namedMapKeys.contains(key), visit)
            }
        case .sequence:
            try node.editChildren { key, child in
                path.append(key)
                defer { path.removeLast() }
                try walk(&child, path: &path, isNamedMap: false, visit)
            }
        case .scalar, .alias:
            return
        }
    }

    /// The HTTP methods a path item maps to operations.
    static let operationKeys: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Whether `path` names an operation of a path item: `paths./x.get`, `webhooks.y.post`, a callback's or a
    /// `components.pathItems` entry's.
    static func isOperation(at path: [String]) -> Bool {
        let count = path.count
        guard count >= 3, let method = path.last, operationKeys.contains(method) else { return false }
        if count == 3 { return path[0] == "paths" || path[0] == "webhooks" }
        if count == 4 && path[0] == "components" && path[1] == "pathItems" { return true }
        return path[count - 4] == "callbacks" && path[count - 2] != "properties"
    }

    /// What a `$ref` at `path` must point to, as a `components` key: `schemas`, `responses`, `parameters`,
    /// `requestBodies`, `headers`, `examples`, `links`, `callbacks`, `securitySchemes` or `pathItems`.
    static func referenceKind(at path: [String]) -> String {
        let count = path.count
        if count == 3 && path[0] == "components" { return path[1] }
        guard count >= 2 else { return "schemas" }
        let parent = path[count - 2]
        let schemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]
        if schemaMaps.contains(parent) { return "schemas" }
        if path[count - 1] == "requestBody" { return "requestBodies" }
        switch parent {
        case "responses": return "responses"
        case "parameters": return "parameters"
        case "headers": return "headers"
        case "examples": return "examples"
        case "links": return "links"
        case "callbacks": return "callbacks"
        case "securitySchemes": return "securitySchemes"
        case "paths", "webhooks", "pathItems": return "pathItems"
        default: break
        }
        if count >= 3 && path[count - 3] == "callbacks" { return "pathItems" }
        return "schemas"
    }
}
