import Foundation
import OpenAPIKit

/// Checks a documented example against its schema before it becomes a stub, so a generated test never fails on a
/// wrong example: real documents' examples often miss required properties, use a string for a number or an enum
/// value the schema does not list.
///
/// Structural only (what decides whether the generated `Decodable` types read the value): JSON kinds, required
/// properties, enum values, the formats the generated code parses (`date-time`, `uuid`, `byte`),
/// array items, declared and additional properties, `allOf` (every branch), `oneOf`/`anyOf` (some branch).
/// Unresolvable references and free-form schemas accept anything.
struct ExampleValidator {
    let components: OpenAPI.Components

    /// `nil` when `value` fits `schema`, else the first problem as `path: message` (`$.items[0].id: expected integer`).
    func problem(with value: ExampleValue, against schema: JSONSchema) -> String? {
        check(value, schema, at: "$", depth: 0)
    }

    private func check(_ value: ExampleValue, _ schema: JSONSchema, at path: String, depth: Int) -> String? {
        guard depth < 64 else { return nil }
        if case .null = value, schema.nullable || schema.isNull { return nil }
        if let allowed = schema.allowedValues, !allowed.isEmpty,
            !allowed.compactMap({ ExampleValue($0.value) }).contains(where: { Self.equal($0, value) })
        {
            return "\(path): \(value.canonicalJSON) is not one of the schema's values"
        }
        switch schema.value {
        case .null:
            return Self.expect("null", value, at: path)
        case .boolean:
            if case .bool = value { return nil }
            return Self.expect("boolean", value, at: path)
        case .integer:
            switch value {
            case .int: return nil
            case .double(let number) where number.rounded() == number && abs(number) < 9.0e18: return nil
            default: return Self.expect("integer", value, at: path)
            }
        case .number:
            switch value {
            case .int, .double: return nil
            default: return Self.expect("number", value, at: path)
            }
        case .string(let core, _):
            guard case .string(let text) = value else { return Self.expect("string", value, at: path) }
            return Self.checkFormat(text, core.format, at: path)
        case .array(_, let context):
            guard case .array(let items) = value else { return Self.expect("array", value, at: path) }
            guard let itemSchema = context.items else { return nil }
            for (index, item) in items.enumerated() {
                if let problem = check(item, itemSchema, at: "\(path)[\(index)]", depth: depth + 1) { return problem }
            }
            return nil
        case .object(_, let context):
            guard case .object(let members) = value else { return Self.expect("object", value, at: path) }
            for name in context.requiredProperties where members[name] == nil && context.properties[name] != nil {
                return "\(path): required property '\(name)' is missing"
            }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                let memberPath = path + "." + name
                if let propertySchema = context.properties[name] {
                    if case .null = member, !propertySchema.required || !context.requiredProperties.contains(name) {
                        continue
                    }
                    if let problem = check(member, propertySchema, at: memberPath, depth: depth + 1) { return problem }
                } else if case .b(let extraSchema) = context.additionalProperties {
                    if let problem = check(member, extraSchema, at: memberPath, depth: depth + 1) { return problem }
                }
            }
            return nil
        case .all(of: let branches, _):
            for branch in branches {
                if let problem = check(value, branch, at: path, depth: depth + 1) { return problem }
            }
            return nil
        case .one(of: let branches, _), .any(of: let branches, _):
            var first: String?
            for branch in branches {
                guard let problem = check(value, branch, at: path, depth: depth + 1) else { return nil }
                first = first ?? problem
            }
            return first
        case .reference(let reference, _):
            guard case .internal(let local) = reference, let target = try? components.lookupOnce(local), case .b(let resolved) = target
            else {
                return nil
            }
            return check(value, resolved, at: path, depth: depth + 1)
        case .not, .fragment:
            return nil
        }
    }

    private static func expect(_ kind: String, _ value: ExampleValue, at path: String) -> String {
        "\(path): expected \(kind), found \(value.kindName)"
    }

    /// The string formats the generated code decodes into a typed value (`Date`, `UUID`, `Data`); others stay `String`.
    private static func checkFormat(_ text: String, _ format: JSONTypeFormat.StringFormat, at path: String) -> String? {
        switch format.rawValue {
        case "date-time":
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions.insert(.withFractionalSeconds)
            return plain.date(from: text) != nil || fractional.date(from: text) != nil
                ? nil : "\(path): '\(text)' is not an RFC 3339 date-time"
        case "byte":
            return Data(base64Encoded: text) != nil ? nil : "\(path): '\(text)' is not base64"
        case "uuid":
            return UUID(uuidString: text) != nil ? nil : "\(path): '\(text)' is not a UUID"
        default:
            return nil
        }
    }

    /// JSON equality where `1` and `1.0` are the same number.
    static func equal(_ lhs: ExampleValue, _ rhs: ExampleValue) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        default: lhs == rhs
        }
    }
}
