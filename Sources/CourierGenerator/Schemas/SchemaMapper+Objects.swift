import OpenAPIKit

/// One property of an object schema before mapping (also the result of merging `allOf` parts).
struct SchemaProperty {
    var wireName: String
    var schema: JSONSchema
    var required: Bool
    /// Named in `required` but defined nowhere (OpenAPIKit's inferred fragment).
    var inferredOnly: Bool
}

extension SchemaMapper {
    /// Declares the struct `name` for an object schema with properties.
    func declareObject(_ schema: JSONSchema, name: String, path: String) {
        guard let context = schema.objectContext else { return }
        let properties = context.properties.map { wire, property in
            SchemaProperty(wireName: wire, schema: property, required: property.required, inferredOnly: property.inferred)
        }
        declareStruct(
            name: name, doc: schema.description, deprecated: schema.deprecated, properties: properties,
            additional: additionalValueType(context, owner: name, path: path), path: path)
    }

    /// Declares a struct from (merged) properties. The declaration is registered before the properties are mapped,
    /// so a property that refers back to this type finds it.
    func declareStruct(
        name: String, doc: String?, deprecated: Bool, properties: [SchemaProperty], additional: TypeRef?, path: String
    ) {
        declarations[name] = .object(ObjectDecl(name: name, doc: doc, properties: [], additionalProperties: additional))
        var memberNames = UniqueNames(reserved: ["hashValue", "init", "additionalProperties", "encode"])
        var decls: [PropertyDecl] = []
        for property in properties {
            let propertyPath = path + ".properties." + property.wireName
            var type: TypeRef
            var nullable: Bool
            if property.inferredOnly {
                diagnostics.warning(
                    "required-missing", at: propertyPath,
                    "'\(property.wireName)' is required but not defined in properties; typed as JSONValue")
                type = .primitive(.json)
                nullable = false
            } else {
                let resolved = resolve(
                    property.schema, nameHint: name + Identifier.typeName(property.wireName).trimmingSuffix("_"),
                    path: propertyPath)
                type = resolved.type
                nullable = resolved.nullable
            }
            if case .optional(let wrapped) = type {
                type = wrapped
                nullable = true
            }
            decls.append(
                PropertyDecl(
                    swiftName: memberNames.claim(Identifier.memberName(property.wireName)),
                    wireName: property.wireName, type: type, required: property.required, nullable: nullable,
                    doc: property.schema.description, deprecated: property.schema.deprecated))
        }
        declarations[name] = .object(
            ObjectDecl(name: name, doc: doc, properties: decls, additionalProperties: additional, deprecated: deprecated))
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : self
    }
}
