import OpenAPIKit

/// `oneOf` and `anyOf` with a `discriminator`: the tag property's value names the one branch to check, so a value is
/// checked against that branch alone and its problems are that branch's, at their own pointers. Branches need no
/// `const` or `enum` on the tag: the discriminator is what tells them apart.
extension JSONSchemaValidator {
    func checkTagged(
        _ value: ExampleValue, _ branches: [JSONSchema], _ discriminator: OpenAPI.Discriminator, at pointer: String,
        depth: Int, into walk: inout Walk
    ) {
        let property = discriminator.propertyName
        let tagPointer = ContractProblem.pointer(pointer, property)
        guard case .object(let members) = value else {
            return walk.found.append(ContractProblem(at: pointer, problem: "expected object, got \(value.shown)"))
        }
        let tag: String
        switch members[property] {
        case .string(let text)?:
            tag = text
        case nil:
            // OpenAPI 3.2's `defaultMapping` names the branch of a value without the tag.
            guard let fallback = discriminator.defaultMapping, let branch = branch(named: fallback, in: branches) else {
                return walk.found.append(ContractProblem(
                    at: tagPointer, problem: "required property \"\(property)\" is missing (it is the discriminator)"))
            }
            return check(value, branch, at: pointer, depth: depth + 1, into: &walk)
        case let other?:
            return walk.found.append(ContractProblem(
                at: tagPointer, problem: "expected string, got \(other.shown) (\"\(property)\" is the discriminator)"))
        }
        let target = discriminator.mapping?[tag] ?? tag
        guard let branch = branch(named: target, in: branches) else {
            let known = tagValues(discriminator, branches).map { ExampleValue.string($0).shown }.joined(separator: ", ")
            return walk.found.append(ContractProblem(
                at: tagPointer, problem: "\(ExampleValue.string(tag).shown) is not a value of the discriminator (expected one of \(known))"))
        }
        check(value, branch, at: pointer, depth: depth + 1, into: &walk)
    }

    /// The branch `target` names: a mapping's reference (`#/components/schemas/Cat`) or a schema name (`Cat`).
    /// A mapped schema that is not among the branches is looked up in the components, as OpenAPI allows.
    private func branch(named target: String, in branches: [JSONSchema]) -> JSONSchema? {
        let name = Self.schemaName(target)
        if let found = branches.first(where: { Self.referenceName($0) == name }) { return found }
        guard let key = OpenAPI.ComponentKey(rawValue: name), let schema = components.schemas[key] else { return nil }
        return schema
    }

    /// The tag values a document accepts: its mapping's keys, then the names of the referenced branches.
    private func tagValues(_ discriminator: OpenAPI.Discriminator, _ branches: [JSONSchema]) -> [String] {
        var values = discriminator.mapping.map { Array($0.keys) } ?? []
        let mapped = Set((discriminator.mapping?.values).map { $0.map(Self.schemaName) } ?? [])
        for name in branches.compactMap(Self.referenceName) where !mapped.contains(name) && !values.contains(name) {
            values.append(name)
        }
        return values
    }

    private static func referenceName(_ schema: JSONSchema) -> String? {
        guard case .reference(let reference, _) = schema.value else { return nil }
        return reference.name
    }

    /// `Cat` of `#/components/schemas/Cat`, `other.yaml#/components/schemas/Cat` or `Cat`.
    private static func schemaName(_ target: String) -> String {
        target.split(separator: "/").last.map(String.init) ?? target
    }
}
