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
/// matches), `allOf`, `anyOf`, `oneOf` (exactly one), `not`, `discriminator` (only the branch its tag names is
/// checked), and the formats `date-time`, `date`, `uuid`, `byte`, `email` and `ipv4`. References resolve inside
/// the document; one that does not resolve, a pattern that is not a valid regular expression and an unknown format
/// accept anything: the document's flaw is not the message's.
struct JSONSchemaValidator: Sendable {
    let components: OpenAPI.Components
    /// At most this many problems are reported; a badly wrong body would otherwise make a message of thousands.
    var limit = 20
    /// At most this many schema visits per validation. `oneOf` and `anyOf` check every branch, so a recursive
    /// schema (`Node: oneOf[A, B]`, each with `children: [Node]`) costs branches^depth visits; past this budget the
    /// validation stops with one "not fully checked" problem instead of running for minutes.
    var stepBudget = 100_000
    /// Compiled `pattern`s, shared by every copy of this validator (and so by every request a contract checks).
    let patterns = PatternCache()

    /// A validator of values against the schemas of `components`.
    init(components: OpenAPI.Components) {
        self.components = components
    }

    /// Every problem (up to ``limit``) of `value` against `schema`; `pointer` is where `value` sits (`/body`).
    func problems(with value: ExampleValue, against schema: JSONSchema, at pointer: String) -> [ContractProblem] {
        validation(of: value, against: schema, at: pointer).problems
    }

    /// The problems of `value` and the number of schema visits they took (the tests pin the budget with it).
    func validation(
        of value: ExampleValue, against schema: JSONSchema, at pointer: String
    ) -> (problems: [ContractProblem], visits: Int) {
        var walk = Walk()
        check(value, schema, at: pointer, depth: 0, into: &walk)
        var found = Array(walk.found.prefix(limit))
        if let stopped = walk.stoppedAt {
            found.append(ContractProblem(at: stopped, problem: "not fully checked: the schema is too costly"))
        }
        return (found, walk.visits)
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

    /// Adds the problems of `value` against `schema` to `walk`; `depth` counts the schemas nested so far.
    func check(_ value: ExampleValue, _ schema: JSONSchema, at pointer: String, depth: Int, into walk: inout Walk) {
        // NOTE: a cycle in the document cannot recurse past this; a real value is never this deep.
        guard depth < 64, walk.found.count < limit, walk.stoppedAt == nil else { return }
        // NOTE: the budget bounds the work, where the depth bounds only the recursion (see `stepBudget`).
        guard walk.visits < stepBudget else {
            walk.stoppedAt = pointer
            return
        }
        walk.visits += 1
        if case .null = value, schema.nullable { return }
        if let allowed = schema.allowedValues, !allowed.isEmpty {
            let values = allowed.compactMap { ExampleValue($0.value) }
            if !values.contains(where: { ExampleValidator.equal($0, value) }) {
                let listed = values.prefix(10).map(\.canonicalJSON).joined(separator: ", ")
                walk.found.append(ContractProblem(at: pointer, problem: "\(value.shown) is not one of \(listed)"))
                return
            }
        }
        switch schema.value {
        case .null:
            if case .null = value { return }
            walk.found.append(expected("null", value, at: pointer))
        case .boolean:
            if case .bool = value { return }
            walk.found.append(expected("boolean", value, at: pointer))
        case .integer(_, let context):
            let number: Double
            switch value {
            case .int(let int): number = Double(int)
            case .double(let double) where double.rounded() == double: number = double
            default: return walk.found.append(expected("integer", value, at: pointer))
            }
            walk.found += Self.bounds(
                number, value: value, minimum: context.minimum.map { (Double($0.value), $0.exclusive) },
                maximum: context.maximum.map { (Double($0.value), $0.exclusive) },
                multipleOf: context.multipleOf.map(Double.init), at: pointer)
        case .number(_, let context):
            let number: Double
            switch value {
            case .int(let int): number = Double(int)
            case .double(let double): number = double
            default: return walk.found.append(expected("number", value, at: pointer))
            }
            walk.found += Self.bounds(
                number, value: value, minimum: context.minimum.map { ($0.value, $0.exclusive) },
                maximum: context.maximum.map { ($0.value, $0.exclusive) }, multipleOf: context.multipleOf, at: pointer)
        case .string(let core, let context):
            guard case .string(let text) = value else { return walk.found.append(expected("string", value, at: pointer)) }
            walk.found += stringProblems(text, format: core.format.rawValue, context: context, at: pointer)
        case .array(_, let context):
            guard case .array(let items) = value else { return walk.found.append(expected("array", value, at: pointer)) }
            walk.found += Self.arrayProblems(items, context: context, at: pointer)
            guard let itemSchema = context.items else { return }
            for (index, item) in items.enumerated() {
                check(item, itemSchema, at: "\(pointer)/\(index)", depth: depth + 1, into: &walk)
            }
        case .object(_, let context):
            guard case .object(let members) = value else { return walk.found.append(expected("object", value, at: pointer)) }
            checkObject(members, context, at: pointer, depth: depth, into: &walk)
        case .all(of: let branches, _):
            for branch in branches { check(value, branch, at: pointer, depth: depth + 1, into: &walk) }
        case .one(of: let branches, _):
            if let discriminator = schema.discriminator {
                return checkTagged(value, branches, discriminator, at: pointer, depth: depth, into: &walk)
            }
            var outcomes: [[ContractProblem]] = []
            for branch in branches {
                outcomes.append(problems(with: value, against: branch, depth: depth, at: pointer, walk: &walk))
            }
            // A branch cut short by the budget proves nothing either way; `validation` reports the stop once.
            guard walk.stoppedAt == nil else { return }
            let matching = outcomes.indices.filter { outcomes[$0].isEmpty }
            if matching.count == 1 { return }
            if matching.isEmpty {
                walk.found.append(Self.noBranch("oneOf", outcomes, at: pointer))
            } else {
                let names = matching.map { String($0 + 1) }.joined(separator: " and ")
                walk.found.append(ContractProblem(
                    at: pointer, problem: "matches \(matching.count) of the oneOf schemas (\(names)); exactly one must match"))
            }
        case .any(of: let branches, _):
            if let discriminator = schema.discriminator {
                return checkTagged(value, branches, discriminator, at: pointer, depth: depth, into: &walk)
            }
            var outcomes: [[ContractProblem]] = []
            for branch in branches {
                let outcome = problems(with: value, against: branch, depth: depth, at: pointer, walk: &walk)
                // One matching branch is enough: the others need not be checked.
                if outcome.isEmpty, walk.stoppedAt == nil { return }
                outcomes.append(outcome)
            }
            guard walk.stoppedAt == nil else { return }
            walk.found.append(Self.noBranch("anyOf", outcomes, at: pointer))
        case .not(let negated, _):
            let outcome = problems(with: value, against: negated, depth: depth, at: pointer, walk: &walk)
            if outcome.isEmpty, walk.stoppedAt == nil {
                walk.found.append(ContractProblem(at: pointer, problem: "matches the schema under not"))
            }
        case .reference:
            guard let target = resolved(schema) else { return }
            check(value, target, at: pointer, depth: depth + 1, into: &walk)
        case .fragment:
            return
        }
    }

    private func checkObject(
        _ members: [String: ExampleValue], _ context: JSONSchema.ObjectContext, at pointer: String, depth: Int,
        into walk: inout Walk
    ) {
        for name in context.requiredProperties where members[name] == nil {
            walk.found.append(ContractProblem(
                at: ContractProblem.pointer(pointer, name), problem: "required property \"\(name)\" is missing"))
        }
        // OpenAPIKit raises `minProperties` to the number of required properties; those are reported one by one
        // above, so only a minimum set higher than that is a problem of its own.
        if context.minProperties > context.requiredProperties.count, members.count < context.minProperties {
            walk.found.append(ContractProblem(
                at: pointer, problem: "has \(members.count) properties, fewer than the minimum \(context.minProperties)"))
        }
        if let maximum = context.maxProperties, members.count > maximum {
            walk.found.append(ContractProblem(at: pointer, problem: "has \(members.count) properties, more than the maximum \(maximum)"))
        }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let memberPointer = ContractProblem.pointer(pointer, name)
            if let propertySchema = context.properties[name] {
                check(member, propertySchema, at: memberPointer, depth: depth + 1, into: &walk)
                continue
            }
            switch context.additionalProperties {
            case .a(false)?:
                walk.found.append(ContractProblem(
                    at: memberPointer, problem: "property \"\(name)\" is not allowed (additionalProperties is false)"))
            case .b(let extra)?:
                check(member, extra, at: memberPointer, depth: depth + 1, into: &walk)
            default:
                continue
            }
        }
    }

    /// The problems of `value` against one branch on their own (a branch that fails is not a failure of the whole),
    /// counted against the same budget as the rest of the validation.
    private func problems(
        with value: ExampleValue, against schema: JSONSchema, depth: Int, at pointer: String, walk: inout Walk
    ) -> [ContractProblem] {
        var branch = Walk(visits: walk.visits)
        check(value, schema, at: pointer, depth: depth + 1, into: &branch)
        walk.visits = branch.visits
        walk.stoppedAt = walk.stoppedAt ?? branch.stoppedAt
        return branch.found
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

/// The state of one validation: the problems found, and the work done so far against ``JSONSchemaValidator/stepBudget``.
struct Walk {
    var found: [ContractProblem] = []
    /// Schemas visited so far, branches included.
    var visits = 0
    /// Where the budget ran out, when it did; nothing is checked after that.
    var stoppedAt: String?
}
