import OpenAPIKit

/// Where a schema is used: decides binary → `Data` or `MultipartFile`, and how strict unions must be.
enum SchemaUse: Hashable, Sendable {
    case json, form, multipart, parameter
}

/// Maps JSON Schemas (component and inline) to Swift types, on demand. (Skeleton: P3 fills in §5.3 of the plan.)
///
/// A class: the operation mapper asks it for types while walking operations, and every request for the same
/// component must see the same registry of declared types.
final class SchemaMapper {
    let document: OpenAPI.Document
    let moduleName: String
    let diagnostics: DiagnosticCollector

    init(document: OpenAPI.Document, moduleName: String, diagnostics: DiagnosticCollector) {
        self.document = document
        self.moduleName = moduleName
        self.diagnostics = diagnostics
    }

    /// The Swift type for `schema`; inline objects, enums and unions become top-level types named from `nameHint`.
    /// `path` is the dotted document path for diagnostics.
    func typeRef(for schema: JSONSchema, nameHint: String, use: SchemaUse, path: String) -> TypeRef {
        .primitive(.json)
    }

    /// Every declared type, sorted by name, with by-value cycles boxed. Without filtering every component schema is
    /// included; with filtering only the ones operations reach.
    func finish(includingUnreferencedComponents: Bool) -> [TypeDecl] {
        []
    }
}
