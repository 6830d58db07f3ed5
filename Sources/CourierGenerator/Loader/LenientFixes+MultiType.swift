import Yams

extension LenientFixes {
    private static let keysByType: [String: Set<String>] = [
        "integer": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "number": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "string": ["minLength", "maxLength", "pattern", "contentMediaType", "contentEncoding"],
        "array": ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains"],
        "object": ["properties", "required", "additionalProperties", "patternProperties", "minProperties",
                   "maxProperties", "propertyNames", "dependentRequired"],
    ]

    /// OpenAPIKit keeps only the first of `type: [string, integer]`; an `anyOf` with one schema per type keeps them
    /// all, each with its own keywords (`null` stays a member, which makes the union optional).
    func splitMultipleTypes(in schema: inout Node, path: [String]) {
        guard case .sequence(let list)? = schema.value(forKey: "type") else { return }
        let types = list.compactMap(\.text)
        guard types.filter({ $0 != "null" }).count > 1 else { return }
        guard !schema.has("anyOf") && !schema.has("oneOf") else {
            diagnostics.warning(
                "multi-type", at: (path + ["type"]).dotted,
                "`type: [\(types.joined(separator: ", "))]` next to anyOf/oneOf; only \(types[0]) is read")
            return
        }
        schema.removeValue(forKey: "type")
        var members: [Node] = []
        var formatPlaced = false
        for type in types {
            var pairs: [(Node, Node)] = [(.string("type"), .string(type))]
            for key in Self.keysByType[type] ?? [] {
                if let value = schema.value(forKey: key) { pairs.append((.string(key), value)) }
            }
            if let format = schema.value(forKey: "format")?.text, Self.format(format, belongsTo: type, among: types) {
                pairs.append((.string("format"), .string(format)))
                formatPlaced = true
            }
            members.append(.newMapping(pairs))
        }
        let moved = Set(types.flatMap { Self.keysByType[$0] ?? [] }).union(formatPlaced ? ["format"] : [])
        for key in moved { schema.removeValue(forKey: key) }
        schema.setValue(.newSequence(members), forKey: "anyOf")
        diagnostics.warning(
            "multi-type", at: (path + ["type"]).dotted,
            "`type: [\(types.joined(separator: ", "))]` read as anyOf of one schema per type")
    }

    private static func format(_ format: String, belongsTo type: String, among types: [String]) -> Bool {
        switch format {
        case "int32", "int64": return type == "integer" || (type == "number" && !types.contains("integer"))
        case "float", "double": return type == "number" || (type == "integer" && !types.contains("number"))
        default: return type == "string"
        }
    }
}
