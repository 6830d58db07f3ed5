import OpenAPIKit

extension SchemaMapper {
    /// Declares `enum name` for a string or integer `enum` schema; an `unknown(raw)` case takes values the document
    /// did not list, so a server adding a value never breaks decoding. Returns `name`.
    func declareEnum(_ schema: JSONSchema, name: String, path: String) -> String {
        var caseNames = UniqueNames(reserved: ["unknown", "rawValue", "hashValue", "init", "allCases"])
        let raw: EnumDecl.Raw
        var cases: [EnumDecl.Case] = []
        if schema.isInteger, let values = integerEnumValues(schema.allowedValues) {
            raw = .int
            for value in values {
                cases.append(.init(swiftName: caseNames.claim(Identifier.memberName(String(value))), wire: String(value)))
            }
        } else {
            raw = .string
            for value in stringEnumValues(schema.allowedValues) ?? [] {
                cases.append(.init(swiftName: caseNames.claim(Identifier.memberName(value)), wire: value))
            }
        }
        declarations[name] = .enumeration(EnumDecl(name: name, doc: schema.description, raw: raw, cases: cases))
        return name
    }
}
