import Foundation
import OpenAPIKit

/// An OpenAPI document loaded to check real traffic against it: which operation a request is for, whether the
/// request and the response are what the document describes, and what example the document answers with.
///
/// `courier mock` serves a document with it, and `CourierContract`'s response-checking middleware logs what a
/// server does differently. It loads the document as `courier generate` does (YAML or JSON, other files bundled,
/// common spec bugs repaired); it knows nothing of Courier, so the generator still links no client code.
///
/// ```swift
/// let contract = try APIContract(contentsOf: URL(fileURLWithPath: "openapi.yaml"))
/// let request = ContractRequest(method: "POST", target: "/pets", headerFields: [("Content-Type", "application/json")],
///                               body: Data(#"{"name":42}"#.utf8))
/// if case .operation(let operation) = contract.match(method: request.method, path: request.path) {
///     print(contract.problems(with: request, for: operation))   // [/body/name: expected string, got 42]
/// }
/// ```
public struct APIContract: Sendable {
    let document: OpenAPI.Document
    let routes: [ContractRoute]
    /// The path part of each documented server URL (`/v1`), longest first: a request's path may carry it.
    let basePaths: [String]
    /// Checks values against the document's schemas; one for the contract, so its compiled patterns are reused.
    let validator: JSONSchemaValidator
    /// What loading reported (repairs of spec bugs, as warnings).
    public let diagnostics: [Diagnostic]

    /// Loads the document at `url` (YAML or JSON); references to other files resolve against its directory.
    ///
    /// - Throws: ``GenerationError`` when the document cannot be read or is refused (Swagger 2.0).
    public init(contentsOf url: URL) throws {
        let collector = DiagnosticCollector()
        try self.init(document: DocumentLoader(diagnostics: collector).load(url: url), collector: collector)
    }

    /// Loads document text (YAML or JSON); `fileName` names it in diagnostics.
    ///
    /// - Throws: ``GenerationError`` when the document cannot be read or is refused (Swagger 2.0).
    public init(text: String, fileName: String = "openapi.yaml") throws {
        let collector = DiagnosticCollector()
        try self.init(document: DocumentLoader(diagnostics: collector).load(text: text, fileName: fileName), collector: collector)
    }

    private init(document: OpenAPI.Document, collector: DiagnosticCollector) {
        self.document = document
        validator = JSONSchemaValidator(components: document.components)
        diagnostics = collector.diagnostics
        var routes: [ContractRoute] = []
        for (path, item) in document.paths {
            guard let pathItem = item.b ?? (try? document.components.lookup(item)) else { continue }
            routes.append(ContractRoute(template: path.rawValue, pathItem: pathItem))
        }
        // A literal segment wins over a template one (`/pets/mine` before `/pets/{id}`), as OpenAPI says.
        self.routes = routes.enumerated().sorted { ($0.element.parameterCount, $0.offset) < ($1.element.parameterCount, $1.offset) }
            .map(\.element)
        basePaths = Self.basePaths(of: document.servers).sorted { $0.count > $1.count }
    }

    /// The document's title.
    public var title: String { document.info.title }

    /// The number of operations the document describes.
    public var operationCount: Int { routes.reduce(0) { $0 + $1.pathItem.endpoints.count } }

    /// The operation for `method` (any case) and `path` (percent-encoded, without the query), tried as it is and
    /// without each server URL's path (`/v1`). A `HEAD` the document does not list is its `GET` without the body,
    /// as HTTP defines it.
    public func match(method: String, path: String) -> ContractMatch {
        let found = match(exactly: method, path: path)
        guard method.uppercased() == "HEAD", case .methodNotAllowed(let allowed) = found, allowed.contains("GET"),
            case .operation(let get) = match(exactly: "GET", path: path)
        else { return found }
        var head = get
        head.requestMethod = "HEAD"
        return .operation(head)
    }

    private func match(exactly method: String, path: String) -> ContractMatch {
        let candidates = [path] + basePaths.compactMap { base in
            path.hasPrefix(base + "/") || path == base ? String(path.dropFirst(base.count)) : nil
        }
        var allowed: [String] = []
        for candidate in candidates {
            let trimmed = candidate.count > 1 && candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
            for route in routes {
                guard let values = route.match(trimmed.isEmpty ? "/" : trimmed) else { continue }
                if let endpoint = route.pathItem.endpoints.first(where: { $0.method.rawValue.uppercased() == method.uppercased() }) {
                    return .operation(ContractOperation(
                        method: endpoint.method.rawValue.uppercased(), requestMethod: method.uppercased(), pathTemplate: route.template,
                        operationID: endpoint.operation.operationId, pathValues: values, operation: endpoint.operation,
                        pathItemParameters: route.pathItem.parameters))
                }
                allowed += route.pathItem.endpoints.map { $0.method.rawValue.uppercased() }
            }
            if !allowed.isEmpty { break }
        }
        if allowed.isEmpty { return .noPath }
        var seen = Set<String>()
        return .methodNotAllowed(allowed: allowed.filter { seen.insert($0).inserted })
    }

    private static func basePaths(of servers: [OpenAPI.Server]) -> [String] {
        servers.compactMap { server in
            var text = server.urlTemplate.rawValue
            for (name, variable) in server.variables {
                text = text.replacingOccurrences(of: "{\(name)}", with: variable.default)
            }
            let path = text.contains("://") ? (URL(string: text)?.path ?? "") : text
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return trimmed.isEmpty || !trimmed.hasPrefix("/") ? nil : trimmed
        }
    }
}

/// Which operation of a document a request is for.
public enum ContractMatch: Sendable {
    /// The operation.
    case operation(ContractOperation)
    /// No path of the document matches: a mock answers 404.
    case noPath
    /// The path is documented, but not for this method: a mock answers 405 with these in `Allow`.
    case methodNotAllowed(allowed: [String])
}

/// One operation of the document, as a request matched it.
public struct ContractOperation: Sendable {
    /// The documented method, upper case (`GET`).
    public let method: String
    /// The request's method, upper case: `method`, or `HEAD` for a `HEAD` matched to the documented `GET`. Its
    /// response has no body to check.
    public internal(set) var requestMethod: String
    /// The documented path template (`/pets/{id}`).
    public let pathTemplate: String
    /// The `operationId`, when the document gives one.
    public let operationID: String?
    /// The path parameters' values in the request, percent-decoded (`["id": "7"]`).
    public let pathValues: [String: String]
    let operation: OpenAPI.Operation
    let pathItemParameters: OpenAPI.Parameter.Array

    /// `GET /pets/{id} (getPet)`, for messages.
    public var name: String {
        "\(method) \(pathTemplate)" + (operationID.map { " (\($0))" } ?? "")
    }
}
