import OpenAPIKit

extension SchemaMapper {
    /// `oneOf`/`anyOf`. `null` members only make the value optional (the caller sees `nullable`); one member left →
    /// that member's type; else a union enum. Unions of references and primitives are shared by structure
    /// (`IntOrString`), so the same `anyOf` written in a hundred places is one type.
    func resolveUnion(
        _ schema: JSONSchema, members: [JSONSchema], nameHint: String, declareAs: String?, path: String
    ) -> TypeRef {
        let kind = schema.value.isOneOf ? "oneOf" : "anyOf"
        let nonNull = members.enumerated().filter { !$0.element.isNull }
        if nonNull.isEmpty { return .primitive(.json) }
        if nonNull.count == 1 {
            let (index, only) = nonNull[0]
            let memberPath = path + ".\(kind)[\(index)]"
            if let declareAs, only.reference == nil {
                declareTopLevel(only, name: declareAs, path: memberPath)
                return .named(declareAs)
            }
            return resolve(only, nameHint: nameHint, path: memberPath).type
        }
        let discriminator = schema.discriminator
        let simple = nonNull.allSatisfy { isSimpleMember($0.element) }
        var name: String
        var types: [TypeRef] = []
        if simple {
            for (index, member) in nonNull {
                let resolved = resolve(member, nameHint: nameHint, path: path + ".\(kind)[\(index)]")
                let type = resolved.nullable && resolved.type != .primitive(.json) ? TypeRef.optional(resolved.type) : resolved.type
                if !types.contains(type) { types.append(type) }
            }
            if types.count == 1 { return types[0] }
            let key = types.map(\.swift).sorted().joined(separator: "|") + "#" + (discriminator?.propertyName ?? "")
            if let existing = structuralUnions[key] {
                if let declareAs { return aliasing(declareAs, to: existing) }
                return .named(existing)
            }
            if let declareAs {
                name = declareAs
            } else if discriminator == nil && types.count <= 3 {
                name = claimTypeName(structuralName(types))
            } else {
                name = claimTypeName(nameHint)
            }
            structuralUnions[key] = name
        } else {
            name = declareAs ?? claimTypeName(nameHint)
            declarations[name] = .union(UnionDecl(name: name, doc: schema.description, cases: [], discriminator: nil))
            for (number, (index, member)) in nonNull.enumerated() {
                let resolved = resolve(member, nameHint: name + "Case\(number + 1)", path: path + ".\(kind)[\(index)]")
                let type = resolved.nullable && resolved.type != .primitive(.json) ? TypeRef.optional(resolved.type) : resolved.type
                if !types.contains(type) { types.append(type) }
            }
            if types.count == 1 {
                declarations[name] = nil
                if let declareAs { declareAlias(declareAs, target: types[0], doc: schema.description) }
                return types[0]
            }
        }
        declareUnion(name: name, doc: schema.description, types: types, members: nonNull.map(\.element),
                     discriminator: discriminator)
        return .named(name)
    }

    private func aliasing(_ name: String, to existing: String) -> TypeRef {
        declareAlias(name, target: .named(existing), doc: nil)
        return .named(name)
    }

    /// A member that maps without declaring a type: a reference, a non-enum primitive, or an array of those.
    private func isSimpleMember(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .reference, .boolean, .number: return true
        case .integer(let core, _): return (integerEnumValues(core.allowedValues)?.count ?? 0) <= 1
        case .string(let core, _): return (stringEnumValues(core.allowedValues)?.count ?? 0) <= 1
        case .array(_, let context): return context.items.map(isSimpleMember) ?? true
        case .object(_, let context): return context.properties.isEmpty && context.additionalProperties == nil
        default: return false
        }
    }

    private func declareUnion(
        name: String, doc: String?, types: [TypeRef], members: [JSONSchema], discriminator: OpenAPI.Discriminator?
    ) {
        var caseNames = UniqueNames(reserved: ["undocumented", "hashValue", "init"])
        let ordered = types.enumerated().sorted { lhs, rhs in
            let (l, r) = (UnionOrder.rank(lhs.element), UnionOrder.rank(rhs.element))
            return l != r ? l < r : lhs.offset < rhs.offset
        }.map(\.element)
        let cases = ordered.map { type in
            UnionDecl.Case(
                swiftName: caseNames.claim(Identifier.memberName(UnionOrder.caseWord(type))), type: type,
                tags: discriminator.map { tags(for: type, discriminator: $0, members: members) } ?? [])
        }
        declarations[name] = .union(
            UnionDecl(name: name, doc: doc, cases: cases, discriminator: discriminator?.propertyName))
    }

    /// The discriminator values that select the case of `type`: the `mapping` keys pointing at its component,
    /// else the component's own name.
    private func tags(for type: TypeRef, discriminator: OpenAPI.Discriminator, members: [JSONSchema]) -> [String] {
        guard case .named(let swiftName) = type,
            let key = members.compactMap({ $0.reference.flatMap(componentKey(of:)) })
                .first(where: { componentNames[$0] == swiftName })
        else { return [] }
        var result: [String] = []
        for (tag, target) in discriminator.mapping ?? [:] {
            let targetKey = target.hasPrefix("#/components/schemas/")
                ? String(target.dropFirst("#/components/schemas/".count))
                : String(target.split(separator: "/").last ?? Substring(target))
            if targetKey == key { result.append(tag) }
        }
        return result.isEmpty ? [key] : result
    }

    /// `IntOrString`, `StringOrCustomer`: primitives first, then arrays, then named types.
    private func structuralName(_ types: [TypeRef]) -> String {
        let ordered = types.enumerated().sorted { lhs, rhs in
            let (l, r) = (UnionOrder.nameRank(lhs.element), UnionOrder.nameRank(rhs.element))
            return l != r ? l < r : lhs.offset < rhs.offset
        }
        return ordered.map { UnionOrder.typeWord($0.element) }.joined(separator: "Or")
    }
}

extension JSONSchema.Schema {
    fileprivate var isOneOf: Bool {
        if case .one = self { return true }
        return false
    }
}

/// Orders and words for union members.
enum UnionOrder {
    /// Trial-decoding order: named types (document order), arrays, dictionaries, then the stricter primitives
    /// before the looser ones (`Int` before `Double`, `Date` before `String`).
    static func rank(_ type: TypeRef) -> Int {
        switch type {
        case .named: 0
        case .array: 1
        case .dictionary: 2
        case .optional(let wrapped): rank(wrapped)
        case .primitive(let primitive): primitiveRank(primitive)
        }
    }

    /// Naming order: primitives, then arrays and dictionaries, then named types.
    static func nameRank(_ type: TypeRef) -> Int {
        switch type {
        case .primitive(let primitive): primitiveRank(primitive)
        case .array: 20
        case .dictionary: 21
        case .optional(let wrapped): nameRank(wrapped)
        case .named: 30
        }
    }

    private static func primitiveRank(_ primitive: Primitive) -> Int {
        switch primitive {
        case .int: 3
        case .double: 4
        case .bool: 5
        case .date: 6
        case .uuid: 7
        case .base64: 8
        case .data: 9
        case .file: 10
        case .string: 11
        case .json: 12
        }
    }

    /// The word for a type in a structural union's name.
    static func typeWord(_ type: TypeRef) -> String {
        switch type {
        case .named(let name): name
        case .array(let element): typeWord(element) + "Array"
        case .dictionary(let value): typeWord(value) + "Dictionary"
        case .optional(let wrapped): "Optional" + typeWord(wrapped)
        case .primitive(let primitive):
            switch primitive {
            case .int: "Int"
            case .double: "Double"
            case .bool: "Bool"
            case .string: "String"
            case .date: "Date"
            case .uuid: "UUID"
            case .base64, .data: "Data"
            case .file: "File"
            case .json: "JSONValue"
            }
        }
    }

    /// The case name's source for a member of this type.
    static func caseWord(_ type: TypeRef) -> String {
        switch type {
        case .named(let name): name
        case .array(let element): caseWord(element) + "Array"
        case .dictionary(let value): caseWord(value) + "Dictionary"
        case .optional(let wrapped): caseWord(wrapped)
        case .primitive(let primitive):
            switch primitive {
            case .int: "integer"
            case .double: "number"
            case .bool: "boolean"
            case .string: "string"
            case .date: "date"
            case .uuid: "uuid"
            case .base64, .data: "data"
            case .file: "file"
            case .json: "value"
            }
        }
    }
}
