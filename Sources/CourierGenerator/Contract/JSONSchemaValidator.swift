import Foundation
import OpenAPIKit

/// Checks a JSON value against a JSON schema of the document, as `courier mock` checks requests and the contract
/// middleware checks responses, and reports every problem at its JSON pointer.
///
/// Where ``ExampleValidator`` asks only what decides whether generated code can decode a value, this asks what
/// the schema says: `type` (with 3.0 `nullable` and 3.1 `null`), `enum`, `required`, `properties`,
/// `additionalProperties` (`false` or a schema), `minProperties`/`maxProperties`, `items`,
/// `minItems`/`maxItems`/`uniqueItems`, `minimum`/`maximum` (and exclusive), `multipleOf`,
/// `minLength`/`maxLength` (in Unicode scalars, as JSON Schema counts), `pattern` (unanchored, as JSON Schema
/// matches), `allOf`, `anyOf`, `oneOf` (exactly one), `not`, and the formats `date-time`, `date`, `uuid`, `byte`,
/// `email` and `ipv4`. References resolve inside the document; one that does not resolve, a pattern that is not a
/// valid regular expression and an unknown format accept anything: the document's flaw is not the message's.
struct JSONSchemaValidator {
    let components: OpenAPI.Components
    /// At most this many problems are reported; a badly wrong body would otherwise make a message of thousands.
    var limit = 20

    /// Every problem (up to ``limit``) of `value` against `schema`; `pointer` is where `value` sits (`/body`).
    func problems(with value: ExampleValue, against schema: JSONSchema, at pointer: String) -> [ContractProblem] {
        var found: [ContractProblem] = []
        check(value, schema, at: pointer, depth: 0, into: &found)
        return Array(found.prefix(limit))
    }

    /// The schema a reference names, following references; `nil` when one cannot be resolved.
    func resolved(_ schema: JSONSchema) -> JSONSchema? {
        var current = schema
        for _ in 0..<32 {
            guard case .reference(let reference, _) = current.value else { return current }
            guard case .internal(let local) = reference, let target = try? components.lookupOnce(local),
                case .b(let next) = target
            else { return nil }
            current = next
        }
        return nil
    }

    private func check(_ value: ExampleValue, _ schema: JSONSchema, at pointer: String, depth: Int, into found: inout [ContractProblem]) {
        // NOTE: a cycle in the document cannot recurse past this; a real value is never this deep.
        guard depth < 64, found.count < limit else { return }
        if case .null = value, schema.nullable { return }
        if let allowed = schema.allowedValues, !allowed.isEmpty {
            let values = allowed.compactMap { ExampleValue($0.value) }
            if !values.contains(where: { ExampleValidator.equal($0, value) }) {
                let listed = values.prefix(10).map(\.canonicalJSON).joined(separator: ", ")
                found.append(ContractProblem(at: pointer, problem: "\(value.shown) is not one of \(listed)"))
                return
            }
        }
        switch schema.value {
        case .null:
            if case .null = value { return }
            found.append(expected("null", value, at: pointer))
        case .boolean:
            if case .bool = value { return }
            found.append(expected("boolean", value, at: pointer))
        case .integer(_, let context):
            let number: Double
            switch value {
            case .int(let int): number = Double(int)
            case .double(let double) where double.rounded() == double: number = double
            default: return found.append(expected("integer", value, at: pointer))
            }
            found += Self.bounds(
                number, value: value, minimum: context.minimum.map { (Double($0.value), $0.exclusive) },
                maximum: context.maximum.map { (Double($0.value), $0.exclusive) },
                multipleOf: context.multipleOf.map(Double.init), at: pointer)
        case .number(_, let context):
            let number: Double
            switch value {
            case .int(let int): number = Double(int)
            case .double(let double): number = double
            default: return found.append(expected("number", value, at: pointer))
            }
            found += Self.bounds(
                number, value: value, minimum: context.minimum.map { ($0.value, $0.exclusive) },
                maximum: context.maximum.map { ($0.value, $0.exclusive) }, multipleOf: context.multipleOf, at: pointer)
        case .string(let core, let context):
            guard case .string(let text) = value else { return found.append(expected("string", value, at: pointer)) }
            found += Self.stringProblems(text, format: core.format.rawValue, context: context, at: pointer)
        case .array(_, let context):
            guard case .array(let items) = value else { return found.append(expected("array", value, at: pointer)) }
            found += Self.arrayProblems(items, context: context, at: pointer)
            guard let itemSchema = context.items else { return }
            for (index, item) in items.enumerated() {
                check(item, itemSchema, at: "\(pointer)/\(index)", depth: depth + 1, into: &found)
            }
        case .object(_, let context):
            guard case .object(let members) = value else { return found.append(expected("object", value, at: pointer)) }
            checkObject(members, context, at: pointer, depth: depth, into: &found)
        case .all(of: let branches, _):
            for branch in branches { check(value, branch, at: pointer, depth: depth + 1, into: &found) }
        case .one(of: let branches, _):
            let outcomes = branches.map { problems(with: value, against: $0, depth: depth, at: pointer) }
            let matching = outcomes.indices.filter { outcomes[$0].isEmpty }
            if matching.count == 1 { return }
            if matching.isEmpty {
                found.append(Self.noBranch("oneOf", outcomes, at: pointer))
            } else {
                let names = matching.map { String($0 + 1) }.joined(separator: " and ")
                found.append(ContractProblem(
                    at: pointer, problem: "matches \(matching.count) of the oneOf schemas (\(names)); exactly one must match"))
            }
        case .any(of: let branches, _):
            let outcomes = branches.map { problems(with: value, against: $0, depth: depth, at: pointer) }
            if outcomes.contains(where: \.isEmpty) { return }
            found.append(Self.noBranch("anyOf", outcomes, at: pointer))
        case .not(let negated, _):
            if problems(with: value, against: negated, depth: depth, at: pointer).isEmpty {
                found.append(ContractProblem(at: pointer, problem: "matches the schema under not"))
            }
        case .reference:
            guard let target = resolved(schema) else { return }
            check(value, target, at: pointer, depth: depth + 1, into: &found)
        case .fragment:
            return
        }
    }

    private func checkObject(
        _ members: [String: ExampleValue], _ context: JSONSchema.ObjectContext, at pointer: String, depth: Int,
        into found: inout [ContractProblem]
    ) {
        for name in context.requiredProperties where members[name] == nil {
            found.append(ContractProblem(
                at: ContractProblem.pointer(pointer, name), problem: "required property \"\(name)\" is missing"))
        }
        // OpenAPIKit raises `minProperties` to the number of required properties; those are reported one by one
        // above, so only a minimum set higher than that is a problem of its own.
        if context.minProperties > context.requiredProperties.count, members.count < context.minProperties {
            found.append(ContractProblem(
                at: pointer, problem: "has \(members.count) properties, fewer than the minimum \(context.minProperties)"))
        }
        if let maximum = context.maxProperties, members.count > maximum {
            found.append(ContractProblem(at: pointer, problem: "has \(members.count) properties, more than the maximum \(maximum)"))
        }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let memberPointer = ContractProblem.pointer(pointer, name)
            if let propertySchema = context.properties[name] {
                check(member, propertySchema, at: memberPointer, depth: depth + 1, into: &found)
                continue
            }
            switch context.additionalProperties {
            case .a(false)?:
                found.append(ContractProblem(
                    at: memberPointer, problem: "property \"\(name)\" is not allowed (additionalProperties is false)"))
            case .b(let extra)?:
                check(member, extra, at: memberPointer, depth: depth + 1, into: &found)
            default:
                continue
            }
        }
    }

    private func problems(with value: ExampleValue, against schema: JSONSchema, depth: Int, at pointer: String) -> [ContractProblem] {
        var found: [ContractProblem] = []
        check(value, schema, at: pointer, depth: depth + 1, into: &found)
        return found
    }

    /// `matches none of the 2 oneOf schemas: 1: /body/name: expected string, got 42; 2: …` (each branch's first problem).
    private static func noBranch(_ keyword: String, _ outcomes: [[ContractProblem]], at pointer: String) -> ContractProblem {
        let reasons = outcomes.enumerated().compactMap { index, problems in
            problems.first.map { "\(index + 1): \($0)" }
        }
        return ContractProblem(
            at: pointer,
            problem: "matches none of the \(outcomes.count) \(keyword) schemas (\(reasons.joined(separator: "; ")))")
    }

    private func expected(_ kind: String, _ value: ExampleValue, at pointer: String) -> ContractProblem {
        ContractProblem(at: pointer, problem: "expected \(kind), got \(value.shown)")
    }
}
