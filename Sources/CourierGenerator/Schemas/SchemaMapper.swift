import OpenAPIKit

/// Where a schema is used: decides binary → `Data` or `MultipartFile`, and how strict unions must be.
enum SchemaUse: Hashable, Sendable {
    case json, form, multipart, parameter
}

/// Maps JSON Schemas (component and inline) to Swift types, on demand (plan §5.3).
///
/// It works on schemas *with* their references, never on a dereferenced document: a `$ref` becomes `.named`, so
/// names survive and cycles stay finite. Every component's Swift name is claimed up front in document order, so
/// the names do not depend on which operation happens to reach a component first.
///
/// A class: the operation mapper asks it for types while walking operations, and every request for the same
/// component must see the same registry of declared types.
final class SchemaMapper {
    let document: OpenAPI.Document
    let moduleName: String
    let diagnostics: DiagnosticCollector

    /// Global type names (component names first, then inline types as they are met).
    var typeNames: UniqueNames
    /// Component key → Swift type name.
    private(set) var componentNames: [String: String] = [:]
    /// Component keys in document order.
    private(set) var componentOrder: [String] = []
    /// Components whose mapping has started (a `$ref` to one of them only needs its name).
    private var mappedComponents: Set<String> = []
    /// Every declared type by Swift name.
    var declarations: [String: TypeDecl] = [:]
    /// Unions of refs and primitives, by their structure: one type per member set.
    var structuralUnions: [String: String] = [:]
    /// Types handed out by ``typeRef(for:nameHint:use:path:)``, with their use (roots of the reachability walk).
    private(set) var roots: [(type: TypeRef, use: SchemaUse)] = []

    init(document: OpenAPI.Document, moduleName: String, diagnostics: DiagnosticCollector) {
        self.document = document
        self.moduleName = moduleName
        self.diagnostics = diagnostics
        typeNames = UniqueNames(reserved: [moduleName, moduleName + "Coders"])
        for key in document.components.schemas.keys {
            let raw = key.rawValue
            componentOrder.append(raw)
            componentNames[raw] = claimTypeName(Identifier.typeName(raw))
        }
        // Map every component now, in document order, so names of inline types (`PetDetails`) never depend on
        // which operation reaches a component first; `finish` prunes what filtered operations do not reach.
        for key in componentOrder { mapComponent(key) }
    }

    /// The Swift type for `schema`; inline objects, enums and unions become top-level types named from `nameHint`.
    /// `path` is the dotted document path for diagnostics.
    ///
    /// Nullability of the schema itself is not part of the result (a parameter's or body's optionality comes from
    /// `required`); ask ``isNullable(_:)`` for it. Nullable array items and dictionary values are `.optional`.
    func typeRef(for schema: JSONSchema, nameHint: String, use: SchemaUse, path: String) -> TypeRef {
        var type = resolve(schema, nameHint: Identifier.typeName(nameHint), path: path).type
        if use == .multipart { type = type.replacingBinary() }
        roots.append((type, use))
        return type
    }

    /// Whether `schema` admits `null` (3.0 `nullable`, 3.1 `type: [X, null]`, a `null` member of `anyOf`/`oneOf`,
    /// or a `$ref` to such a component).
    func isNullable(_ schema: JSONSchema) -> Bool {
        var visited: Set<String> = []
        return isNullable(schema, visited: &visited)
    }

    /// Claims a global type name (for the operation mapper's `<Tag>Operations`, `<Op>Error`… so they never clash
    /// with a model): `name` sanitised, suffixed `2`, `3`… when taken.
    func claimTypeName(_ name: String) -> String {
        var candidate = name
        if SwiftKeywords.reservedTypeNames.contains(candidate) || SwiftKeywords.all.contains(candidate)
            || candidate == moduleName || candidate == moduleName + "Coders"
        {
            candidate += "_"
        }
        return typeNames.claim(candidate)
    }

    /// Every declared type, sorted by name, with by-value cycles boxed. Without filtering every component schema is
    /// included; with filtering only the ones operations reach.
    func finish(includingUnreferencedComponents: Bool) -> [TypeDecl] {
        if includingUnreferencedComponents {
            for key in componentOrder { mapComponent(key) }
        }
        var types = declarations
        BinaryUses(roots: roots, diagnostics: diagnostics).apply(to: &types)
        if !includingUnreferencedComponents {
            let reachable = TypeGraph(types).reachable(from: roots.map(\.type))
            types = types.filter { reachable.contains($0.key) }
        }
        CycleBreaker.apply(to: &types)
        EncodeOnlyMarker.apply(to: &types)
        return types.keys.sorted().compactMap { types[$0] }
    }

    // MARK: - Components

    /// The Swift name of the component `$ref` points to (mapping it on first use), or `nil` for a dangling or
    /// external reference (reported).
    func componentType(for reference: JSONReference<JSONSchema>, path: String) -> String? {
        guard case .internal(let internalReference) = reference,
            case .component(let name) = internalReference,
            componentNames[name] != nil
        else {
            diagnostics.warning(
                "unresolved-ref", at: path,
                "\(reference.absoluteString) does not name a component schema; typed as JSONValue")
            return nil
        }
        mapComponent(name)
        return componentNames[name]
    }

    /// The schema of a component, by its key.
    func componentSchema(_ key: String) -> JSONSchema? {
        guard let componentKey = OpenAPI.ComponentKey(rawValue: key) else { return nil }
        return document.components.schemas[componentKey]
    }

    /// The component key a reference points to, when it is a component schema of this document.
    func componentKey(of reference: JSONReference<JSONSchema>) -> String? {
        guard case .internal(.component(let name)) = reference, componentNames[name] != nil else { return nil }
        return name
    }

    private func mapComponent(_ key: String) {
        guard !mappedComponents.contains(key), let name = componentNames[key], let schema = componentSchema(key)
        else { return }
        mappedComponents.insert(key)
        declareTopLevel(schema, name: name, path: "components.schemas.\(key)")
    }

    // MARK: - Nullability

    private func isNullable(_ schema: JSONSchema, visited: inout Set<String>) -> Bool {
        if schema.nullable || schema.isNull { return true }
        switch schema.value {
        case .reference(let reference, _):
            guard let key = componentKey(of: reference), visited.insert(key).inserted,
                let target = componentSchema(key)
            else { return false }
            return isNullable(target, visited: &visited)
        case .one(let members, _), .any(let members, _):
            return members.contains { isNullable($0, visited: &visited) }
        default:
            return false
        }
    }
}
