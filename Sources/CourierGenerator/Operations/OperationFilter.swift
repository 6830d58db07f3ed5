import OpenAPIKit

/// Keeps only the operations `--tag`, `--operation` and `--path` ask for (each filter empty = all; the filters
/// combine with "and"). Component schemas nothing reaches any more are pruned later, by the schema mapper.
struct OperationFilter {
    let options: GeneratorOptions

    var isActive: Bool { !options.tags.isEmpty || !options.operationIDs.isEmpty || !options.pathPrefixes.isEmpty }

    func apply(to document: OpenAPI.Document, diagnostics: DiagnosticCollector) -> OpenAPI.Document {
        guard isActive else { return document }
        var filtered = document
        var paths = OpenAPI.PathItem.Map()
        var kept = 0
        for (path, item) in document.paths {
            guard var pathItem = item.b ?? (try? document.components.lookup(item)) else { continue }
            for endpoint in pathItem.endpoints where !keeps(endpoint, path: path) {
                switch endpoint.method {
                case .builtin(let builtin): Self.remove(builtin, from: &pathItem)
                case .other: pathItem.additionalOperations[endpoint.method] = nil
                }
            }
            kept += pathItem.endpoints.count
            if !pathItem.endpoints.isEmpty { paths[path] = .b(pathItem) }
        }
        filtered.paths = paths
        if kept == 0 {
            diagnostics.warning(
                "filter-empty", at: "paths", "no operation matches the --tag/--operation/--path filters")
        }
        return filtered
    }

    private func keeps(_ endpoint: OpenAPI.PathItem.Endpoint, path: OpenAPI.Path) -> Bool {
        let operation = endpoint.operation
        let tags = operation.tags ?? []
        let tagMatches = options.tags.isEmpty || options.tags.contains { wanted in
            tags.contains { $0 == wanted || Identifier.memberName($0) == wanted }
        }
        let fallbackID = "\(endpoint.method.rawValue.uppercased()) \(path.rawValue)"
        let idMatches = options.operationIDs.isEmpty || options.operationIDs.contains { wanted in
            wanted == operation.operationId || wanted == fallbackID
        }
        let pathMatches = options.pathPrefixes.isEmpty || options.pathPrefixes.contains { prefix in
            path.rawValue == prefix || path.rawValue.hasPrefix(prefix.hasSuffix("/") ? prefix : prefix + "/")
                || (prefix.hasSuffix("/") && path.rawValue.hasPrefix(prefix))
        }
        return tagMatches && idMatches && pathMatches
    }

    private static func remove(_ method: OpenAPI.BuiltinHttpMethod, from item: inout OpenAPI.PathItem) {
        switch method {
        case .get: item.get = nil
        case .put: item.put = nil
        case .post: item.post = nil
        case .delete: item.delete = nil
        case .options: item.options = nil
        case .head: item.head = nil
        case .patch: item.patch = nil
        case .trace: item.trace = nil
        case .query: item.query = nil
        }
    }
}
