import OpenAPIKit

/// Maps every operation to an ``OperationDecl``, plus servers and security schemes. (Skeleton: P4 fills in §5.5.)
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
        Output(operations: [], servers: [], securitySchemes: [], security: [])
    }
}
