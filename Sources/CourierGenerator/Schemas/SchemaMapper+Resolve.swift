import Foundation
import OpenAPIKit

/// A schema's Swift type and whether the schema admits `null` (the caller decides where the `?` goes).
struct ResolvedType: Hashable {
    var type: TypeRef
    var nullable: Bool
}

extension SchemaMapper {
    /// The Swift type for a schema in some position; objects, enums and unions in it become top-level types named
    /// `nameHint` (already a type name).
    func resolve(_ schema: JSONSchema, nameHint: String, path: String) -> ResolvedType {
        let nullable = isNullable(schema)
        switch schema.value {
        case .reference(let reference, _):
            guard let name = componentType(for: reference, path: path) else { return .init(type: .primitive(.json), nullable: true) }
            return .init(type: .named(name), nullable: nullable)
        case .null:
            return .init(type: .primitive(.json), nullable: true)
        case .boolean:
            return .init(type: .primitive(.bool), nullable: nullable)
        case .number:
            return .init(type: .primitive(.double), nullable: nullable)
        case .integer(let core, _):
            if let values = integerEnumValues(core.allowedValues), values.count > 1 {
                return .init(type: .named(declareEnum(schema, name: claimTypeName(nameHint), path: path)), nullable: nullable)
            }
            return .init(type: .primitive(.int), nullable: nullable)
        case .string(let core, let context):
            if let values = stringEnumValues(core.allowedValues), values.count > 1 {
                return .init(type: .named(declareEnum(schema, name: claimTypeName(nameHint), path: path)), nullable: nullable)
            }
            return .init(type: .primitive(stringPrimitive(format: core.formatString, context: context)), nullable: nullable)
        case .array(_, let context):
            guard let items = context.items else { return .init(type: .array(.primitive(.json)), nullable: nullable) }
            let element = resolve(items, nameHint: nameHint + "Item", path: path + ".items")
            return .init(type: .array(element.nullable ? .optional(element.type) : element.type), nullable: nullable)
        case .object(_, let context):
            if context.properties.isEmpty {
                return .init(type: .dictionary(additionalValueType(context, owner: nameHint, path: path) ?? .primitive(.json)), nullable: nullable)
            }
            let name = claimTypeName(nameHint)
            declareObject(schema, name: name, path: path)
            return .init(type: .named(name), nullable: nullable)
        case .all(let parts, _):
            return .init(type: resolveAllOf(schema, parts: parts, nameHint: nameHint, declareAs: nil, path: path), nullable: nullable)
        case .one(let members, _), .any(let members, _):
            return .init(type: resolveUnion(schema, members: members, nameHint: nameHint, declareAs: nil, path: path), nullable: nullable)
        case .not, .fragment:
            return .init(type: .primitive(.json), nullable: nullable)
        }
    }

    /// Declares the top-level type `name` for a component schema: a struct, enum or union when the schema is one,
    /// else a `typealias` to whatever the schema maps to.
    func declareTopLevel(_ schema: JSONSchema, name: String, path: String) {
        switch schema.value {
        case .object(_, let context) where !context.properties.isEmpty:
            declareObject(schema, name: name, path: path)
        case .string(let core, _) where (stringEnumValues(core.allowedValues)?.count ?? 0) > 1:
            _ = declareEnum(schema, name: name, path: path)
        case .integer(let core, _) where (integerEnumValues(core.allowedValues)?.count ?? 0) > 1:
            _ = declareEnum(schema, name: name, path: path)
        case .all(let parts, _):
            let type = resolveAllOf(schema, parts: parts, nameHint: name, declareAs: name, path: path)
            if type != .named(name) { declareAlias(name, target: type, doc: schema.description) }
        case .one(let members, _), .any(let members, _):
            let type = resolveUnion(schema, members: members, nameHint: name, declareAs: name, path: path)
            if type != .named(name) { declareAlias(name, target: type, doc: schema.description) }
        default:
            let resolved = resolve(schema, nameHint: name + "Value", path: path)
            declareAlias(name, target: resolved.type, doc: schema.description)
        }
    }

    func declareAlias(_ name: String, target: TypeRef, doc: String?) {
        declarations[name] = .alias(AliasDecl(name: name, doc: doc, target: target))
    }

    // MARK: - Strings

    /// `date-time` → `Date`, `uuid` → `UUID`, `byte`/base64 → `Data`, `binary`/`contentMediaType` → `Data`
    /// (a multipart file where the finished model says so); everything else stays `String`.
    private func stringPrimitive(format: String?, context: JSONSchema.StringContext) -> Primitive {
        switch format {
        case "date-time": return .date
        case "uuid": return .uuid
        case "byte": return .base64
        case "binary": return .data
        default: break
        }
        if context.contentEncoding == .base64 { return .base64 }
        if context.contentEncoding == .binary { return .data }
        if let mediaType = context.contentMediaType, !mediaType.rawValue.hasPrefix("text/"),
            !mediaType.rawValue.hasSuffix("json")
        {
            return .data
        }
        return .string
    }

    /// The `String` values of an `enum`/`const`, or `nil` when some value is not a string.
    func stringEnumValues(_ values: [AnyCodable]?) -> [String]? {
        guard let values else { return nil }
        var result: [String] = []
        for value in values where !isNull(value) {
            guard let string = value.value as? String else { return nil }
            if !result.contains(string) { result.append(string) }
        }
        return result
    }

    /// The `Int` values of an `enum`/`const`, or `nil` when some value is not an integer.
    func integerEnumValues(_ values: [AnyCodable]?) -> [Int]? {
        guard let values else { return nil }
        var result: [Int] = []
        for value in values where !isNull(value) {
            guard let int = value.value as? Int else { return nil }
            if !result.contains(int) { result.append(int) }
        }
        return result
    }

    private func isNull(_ value: AnyCodable) -> Bool {
        value.value is NSNull || value.value is Void
    }

    // MARK: - Dictionaries

    /// The value type of `additionalProperties` (`true`/`{}` → `JSONValue`), `nil` when absent or `false`.
    func additionalValueType(_ context: JSONSchema.ObjectContext, owner: String, path: String) -> TypeRef? {
        switch context.additionalProperties {
        case nil, .a(false): return nil
        case .a(true): return .primitive(.json)
        case .b(let schema):
            let value = resolve(schema, nameHint: owner + "Value", path: path + ".additionalProperties")
            return value.nullable && value.type != .primitive(.json) ? .optional(value.type) : value.type
        }
    }
}

extension TypeRef {
    /// The same type with `Data` from `format: binary` spelled as a multipart file part.
    func replacingBinary() -> TypeRef {
        switch self {
        case .primitive(.data): .primitive(.file)
        case .primitive, .named: self
        case .array(let element): .array(element.replacingBinary())
        case .dictionary(let value): .dictionary(value.replacingBinary())
        case .optional(let wrapped): .optional(wrapped.replacingBinary())
        }
    }
}
