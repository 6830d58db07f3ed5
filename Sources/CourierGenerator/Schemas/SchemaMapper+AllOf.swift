import OpenAPIKit

extension SchemaMapper {
    /// `allOf`, merged at IR level: the properties of every object part (references followed, recursively),
    /// `required` the union, a later part winning a conflict (`allof-conflict`). With no object part, the one
    /// remaining part's type (the common `allOf: [$ref]` used to attach a description).
    ///
    /// `declareAs` is the component's own name; inline `allOf`s claim `nameHint` only when they need a struct.
    func resolveAllOf(
        _ schema: JSONSchema, parts: [JSONSchema], nameHint: String, declareAs: String?, path: String
    ) -> TypeRef {
        // A part without a type or a composition (`{description: …}`, `{nullable: false}`, `{example: …}`) only
        // annotates: `allOf: [{$ref: X}, {description: …}]` is how many documents (Box: ~200 times) describe a use of X.
        let effective = parts.filter { !$0.isFragment }
        if effective.count == 1, effective[0].reference != nil {
            return resolve(effective[0], nameHint: nameHint, path: path + ".allOf[0]").type
        }
        let owner = declareAs ?? nameHint
        var merged = MergedParts()
        var visited: Set<String> = []
        for (index, part) in parts.enumerated() {
            collect(part, owner: owner, into: &merged, visited: &visited, path: path + ".allOf[\(index)]")
        }
        if !merged.hasObjectPart {
            if merged.others.isEmpty { return .primitive(.json) }
            if merged.others.count > 1 {
                diagnostics.warning(
                    "allof-part-ignored", at: path,
                    "allOf of \(merged.others.count) non-object parts; only the first one is used")
            }
            let only = merged.others[0]
            if only.schema.reference == nil && declareAs != nil {
                // A component that is `allOf: [{oneOf…}]` or `allOf: [{enum…}]`: the component itself is that type.
                let name = declareAs!
                declareTopLevel(only.schema, name: name, path: only.path)
                return .named(name)
            }
            return resolve(only.schema, nameHint: nameHint, path: only.path).type
        }
        for other in merged.others {
            // Say what happens to the keys only this part describes: kept when the struct has extra keys, else dropped.
            let keys = merged.additional.map { "kept in `additionalProperties` (as \($0.swift))" }
                ?? "not decoded (the struct has no `additionalProperties`)"
            diagnostics.warning(
                "allof-part-ignored", at: other.path,
                "a non-object allOf part beside object parts is not merged: the struct has the object parts' "
                    + "properties; keys only this part describes are \(keys)")
        }
        let name = declareAs ?? claimTypeName(nameHint)
        declareStruct(
            name: name, doc: schema.description ?? merged.description, deprecated: schema.deprecated,
            properties: merged.properties, additional: merged.additional, path: path)
        return .named(name)
    }

    private func collect(
        _ part: JSONSchema, owner: String, into merged: inout MergedParts, visited: inout Set<String>, path: String) {
        switch part.value {
        case .reference(let reference, _):
            guard let key = componentKey(of: reference), let target = componentSchema(key) else {
                _ = componentType(for: reference, path: path)
                return
            }
            guard isObjectLike(target, visited: visited) else {
                merged.others.append((part, path))
                return
            }
            guard visited.insert(key).inserted else { return }
            collect(target, owner: owner, into: &merged, visited: &visited, path: "components.schemas.\(key)")
        case .object(_, let context):
            merged.hasObjectPart = true
            if merged.description == nil { merged.description = part.description }
            for (wire, property) in context.properties {
                merged.add(
                    SchemaProperty(
                        wireName: wire, schema: property, required: property.required, inferredOnly: property.inferred),
                    path: path, diagnostics: diagnostics)
            }
            if let additional = additionalValueType(context, owner: owner, path: path), merged.additional == nil {
                merged.additional = additional
            }
        case .all(let nested, _):
            for (index, inner) in nested.enumerated() {
                collect(inner, owner: owner, into: &merged, visited: &visited, path: path + ".allOf[\(index)]")
            }
        case .fragment:
            return  // annotations only (see `resolveAllOf`)
        default:
            merged.others.append((part, path))
        }
    }

    /// An object, or an `allOf` (through references) that has one.
    private func isObjectLike(_ schema: JSONSchema, visited: Set<String>) -> Bool {
        switch schema.value {
        case .object: return true
        case .all(let parts, _):
            return parts.contains { isObjectLike($0, visited: visited) }
        case .reference(let reference, _):
            guard let key = componentKey(of: reference), !visited.contains(key), let target = componentSchema(key)
            else { return false }
            return isObjectLike(target, visited: visited.union([key]))
        default: return false
        }
    }
}

/// What the parts of an `allOf` add up to.
struct MergedParts {
    var properties: [SchemaProperty] = []
    var additional: TypeRef?
    var description: String?
    var hasObjectPart = false
    var others: [(schema: JSONSchema, path: String)] = []

    mutating func add(_ property: SchemaProperty, path: String, diagnostics: DiagnosticCollector) {
        guard let index = properties.firstIndex(where: { $0.wireName == property.wireName }) else {
            properties.append(property)
            return
        }
        var existing = properties[index]
        if property.inferredOnly {
            existing.required = true
        } else if existing.inferredOnly {
            existing = SchemaProperty(
                wireName: property.wireName, schema: property.schema, required: true, inferredOnly: false)
        } else {
            if property.schema.jsonType != existing.schema.jsonType
                || property.schema.reference != existing.schema.reference
            {
                diagnostics.warning(
                    "allof-conflict", at: path + ".properties." + property.wireName,
                    "'\(property.wireName)' is defined differently by two allOf parts; the later one is used")
            }
            existing = SchemaProperty(
                wireName: property.wireName, schema: property.schema, required: existing.required || property.required,
                inferredOnly: false)
        }
        properties[index] = existing
    }
}
