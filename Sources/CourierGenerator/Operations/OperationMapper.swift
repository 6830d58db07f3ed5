import OpenAPIKit

/// Maps every operation to an ``OperationDecl``, plus servers and security schemes (§5.5 of the plan).
///
/// Names: `operationId` in lowerCamelCase, or method and path (`GET /pets/{id}/toys` → `getPetsByIdToys`); the group
/// is the first tag (`API.pets`, struct `PetsOperations`), `API.general` without one.
struct OperationMapper {
    struct Output {
        var operations: [OperationDecl]
        var servers: [ServerDecl]
        var securitySchemes: [SecuritySchemeDecl]
        var security: [[String]]
    }

    let document: OpenAPI.Document
    let schemas: SchemaMapper
    let moduleName: String
    let diagnostics: DiagnosticCollector

    mutating func map() -> Output {
        var operations: [OperationDecl] = []
        var functionNames: [String: UniqueNames] = [:]
        var typeNames = UniqueNames()
        for (path, item) in document.paths {
            let itemPlace = "paths.\(path.rawValue)"
            guard let pathItem = item.b ?? (try? document.components.lookup(item)) else {
                diagnostics.warning("unresolved-reference", at: itemPlace, "path item reference cannot be resolved")
                continue
            }
            for endpoint in pathItem.endpoints {
                let method = endpoint.method.rawValue.uppercased()
                let place = "\(itemPlace).\(method.lowercased())"
                let operation = endpoint.operation
                let tag = operation.tags?.first
                let group = tag.map { Identifier.memberName($0) } ?? "general"
                let groupType = (tag.map { Identifier.typeName($0) } ?? "General") + "Operations"
                let rawName = operation.operationId ?? Self.fallbackName(method: method, path: path.rawValue)
                let swiftName = functionNames[group, default: UniqueNames()].claim(Identifier.memberName(rawName))
                let typePrefix = typeNames.claim(Self.upperFirst(swiftName.replacingBackticks()))
                let parameters = ParameterMapper(document: document, schemas: schemas, diagnostics: diagnostics)
                    .parameters(
                        pathItem: pathItem.parameters, operation: operation.parameters, pathTemplate: path.rawValue,
                        typePrefix: typePrefix, at: place)
                let bodies = BodyMapper(document: document, schemas: schemas, diagnostics: diagnostics)
                    .bodies(operation.requestBody, typePrefix: typePrefix, at: place + ".requestBody")
                let responses = ResponseMapper(document: document, schemas: schemas, diagnostics: diagnostics)
                    .map(operation.responses, typePrefix: typePrefix, at: place)
                let media = AcceptValue.mediaTypes(operation.responses, in: document, diagnostics: diagnostics, at: place)
                let security: [[String]] = switch operation.security {
                case nil: []
                case let requirements? where requirements.isEmpty: [[]]
                case let requirements?: SecurityMapper.requirement(requirements)
                }
                operations.append(OperationDecl(
                    operationID: operation.operationId ?? "\(method) \(path.rawValue)", swiftName: swiftName,
                    group: group, groupType: groupType, method: method, pathTemplate: path.rawValue,
                    parameters: parameters, bodies: bodies, success: responses.success, errors: responses.errors,
                    errorTypeName: typePrefix + "Error", security: security, summary: operation.summary,
                    doc: operation.description, deprecated: operation.deprecated,
                    examples: ExampleCollector(document: document, diagnostics: diagnostics)
                        .examples(for: operation, path: place),
                    eventItem: responses.eventItem,
                    accept: AcceptValue.compose(success: media.success, errors: media.errors),
                    successMediaTypes: media.success))
            }
        }
        return Output(
            operations: operations,
            servers: ServerMapper(document: document, moduleName: moduleName, diagnostics: diagnostics).servers(),
            securitySchemes: SecurityMapper(document: document, diagnostics: diagnostics).schemes(),
            security: SecurityMapper.requirement(document.security))
    }

    /// `GET /pets/{id}/toys` → `get_pets_By_id_toys` (then camel-cased).
    static func fallbackName(method: String, path: String) -> String {
        let words = path.split(separator: "/").map { segment in
            segment.hasPrefix("{") ? "By_" + segment.dropFirst().dropLast() : String(segment)
        }
        return ([method.lowercased()] + words).joined(separator: "_")
    }

    static func upperFirst(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
