import Yams

extension LenientFixes {
    /// 3.0's `exclusiveMinimum: true` + `minimum: 5` is 3.1's `exclusiveMinimum: 5`. In a 3.0 document this is the
    /// normal 3.0 → 3.1 mapping (silent); in a 3.1 document it is a spec bug (OpenAI, 7×), so it is reported.
    func fixExclusiveBounds(in schema: inout Node, path: [String]) {
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            guard let flag = schema.value(forKey: exclusive), flag.isBool else { continue }
            let isExclusive = Bool.construct(from: flag.scalar!) ?? false
            schema.removeValue(forKey: exclusive)
            if isExclusive, let value = schema.value(forKey: bound) {
                schema.removeValue(forKey: bound)
                schema.setValue(value, forKey: exclusive)
            }
            if family != .v3_0 {
                diagnostics.warning(
                    "exclusive-bool", at: (path + [exclusive]).dotted,
                    "boolean `\(exclusive): \(isExclusive)` is OpenAPI 3.0; read as "
                        + (isExclusive ? "`\(exclusive): <\(bound)>`" : "no exclusive bound"))
            }
        }
    }

    /// OpenAPIKit reads integer bounds as `Int` and throws on anything else (OpenAI's `seed` maximum
    /// 9223372036854776000, DigitalOcean's 18446744073709551615); number bounds must be numbers.
    func fixNumericBounds(in schema: inout Node, path: [String]) {
        guard let type = Self.firstType(of: schema), type == "integer" || type == "number" else { return }
        for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] {
            guard let value = schema.value(forKey: key) else { continue }
            let fits: Bool
            if case .scalar(let scalar) = value {
                let asDouble = Double.construct(from: scalar)
                if type == "integer" {
                    fits = Int.construct(from: scalar) != nil
                        || (key != "multipleOf" && asDouble.flatMap { Int(exactly: $0) } != nil)
                } else {
                    fits = asDouble != nil
                }
            } else {
                fits = false
            }
            guard !fits else { continue }
            schema.removeValue(forKey: key)
            let what = type == "integer" ? "an Int64" : "a number"
            diagnostics.warning(
                "\(type)-bound", at: (path + [key]).dotted,
                "\(key) \(value.text ?? "(not a scalar)") is not \(what); bound dropped")
        }
    }

    /// The type OpenAPIKit decodes a schema as: its `type`, or the first non-null one of a type list.
    static func firstType(of schema: Node) -> String? {
        switch schema.value(forKey: "type") {
        case .scalar(let scalar)?: return scalar.string
        case .sequence(let types)?: return types.compactMap(\.text).first { $0 != "null" }
        default: return nil
        }
    }
}
