import Yams

extension LenientFixes {
    private static let objectKeys = [
        "properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties",
    ]
    private static let constraintKeys: Set<String> = ["required", "description", "title"]

    /// OpenAPIKit reads a schema that has `allOf`, `oneOf` or `anyOf` as that composition alone: `properties`
    /// written beside it would be dropped without a word (OpenAI's `CreateVectorStoreFileBatchRequest`, PagerDuty's
    /// `Channel`). The object keywords move into a part of an `allOf`, which the schema mapper merges; a
    /// `oneOf`/`anyOf` whose members only name required properties is a constraint on the object, not a union.
    func keepPropertiesBesideCompositions(in schema: inout Node, path: [String]) {
        guard schema.has("properties") || schema.has("additionalProperties"),
              let composition = ["allOf", "oneOf", "anyOf"].first(where: { schema.has($0) }),
              case .sequence(let members)? = schema.value(forKey: composition)
        else { return }
        // The messages name the keys the schema has: `additionalProperties` alone is not `properties`.
        let present = Self.objectKeys.filter { schema.has($0) && $0 != "required" }
        let keys = present.map { "`\($0)`" }.joined(separator: " and ")
        let place = (path + [present.first ?? "properties"]).dotted
        if composition != "allOf", members.allSatisfy(Self.onlyNamesRequiredProperties) {
            schema.removeValue(forKey: composition)
            diagnostics.warning(
                "required-alternatives", at: (path + [composition]).dotted,
                "`\(composition)` beside \(keys) only says which properties are required; read as the object "
                    + "(that one of them is present is not checked)")
            return
        }
        var objectPart: [(Node, Node)] = [(.string("type"), .string("object"))]
        for key in Self.objectKeys {
            if let value = schema.removeValue(forKey: key) { objectPart.append((.string(key), value)) }
        }
        if composition == "allOf" {
            schema.setValue(.newSequence(Array(members) + [.newMapping(objectPart)]), forKey: "allOf")
            diagnostics.warning(
                "properties-beside-composition", at: place, "\(keys) beside `allOf` read as one more `allOf` part")
            return
        }
        var unionPart: [(Node, Node)] = [(.string(composition), schema.removeValue(forKey: composition)!)]
        if let discriminator = schema.removeValue(forKey: "discriminator") {
            unionPart.append((.string("discriminator"), discriminator))
        }
        schema.setValue(.newSequence([.newMapping(objectPart), .newMapping(unionPart)]), forKey: "allOf")
        diagnostics.warning(
            "properties-beside-composition", at: place,
            "\(keys) beside `\(composition)` read as `allOf` of the object and the `\(composition)`")
    }

    private static func onlyNamesRequiredProperties(_ member: Node) -> Bool {
        guard case .mapping(let mapping) = member, mapping.contains(where: { $0.key.text == "required" }) else {
            return false
        }
        return mapping.allSatisfy { constraintKeys.contains($0.key.text ?? "") }
    }
}
