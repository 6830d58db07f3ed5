import Foundation
import OpenAPIKit

/// Turns the text of a parameter (or of a form field) into the JSON value its schema describes, so one validator
/// checks parameters, form bodies and JSON bodies alike: `"7"` for an integer schema is `7`, `"abc"` stays a string
/// (and the validator then says `expected integer, got "abc"`).
struct ParameterValue {
    let validator: JSONSchemaValidator

    /// The value of a parameter sent as `values` (several for an exploded array), in `style`.
    func value(of values: [String], schema: JSONSchema, style: OpenAPI.Parameter.SchemaContext.Style, explode: Bool) -> ExampleValue {
        guard let resolved = validator.resolved(schema) else { return .string(values[0]) }
        if case .array(_, let context) = resolved.value {
            let parts: [String]
            if values.count > 1 || explode && style == .form {
                parts = values
            } else {
                let separator: Character = switch style {
                case .spaceDelimited: " "
                case .pipeDelimited: "|"
                default: ","
                }
                parts = values[0].split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            }
            return .array(parts.map { scalar($0, context.items) })
        }
        return scalar(values[0], resolved)
    }

    /// A form body as an object: each field by its property's schema, repeated fields as arrays.
    func formObject(_ items: [(name: String, value: String)], schema: JSONSchema) -> ExampleValue {
        guard let resolved = validator.resolved(schema), case .object(_, let context) = resolved.value else {
            return .object(Dictionary(items.map { ($0.name, ExampleValue.string($0.value)) }) { first, _ in first })
        }
        var members: [String: ExampleValue] = [:]
        for name in Set(items.map(\.name)) {
            let values = items.filter { $0.name == name }.map(\.value)
            let property = context.properties[name]
            if let property, let target = validator.resolved(property), case .array(_, let arrayContext) = target.value {
                members[name] = .array(values.map { scalar($0, arrayContext.items) })
            } else {
                members[name] = scalar(values[0], property)
            }
        }
        return .object(members)
    }

    /// `text` as the scalar `schema` asks for, when it reads as one; otherwise the string.
    private func scalar(_ text: String, _ schema: JSONSchema?) -> ExampleValue {
        guard let schema, let resolved = validator.resolved(schema) else { return .string(text) }
        switch resolved.value {
        case .integer:
            return Int(text).map(ExampleValue.int) ?? .string(text)
        case .number:
            return Double(text).map(ExampleValue.double) ?? .string(text)
        case .boolean:
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        case .null:
            return text == "null" || text.isEmpty ? .null : .string(text)
        case .one(of: let branches, _), .any(of: let branches, _), .all(of: let branches, _):
            // The first branch the text reads as (FastAPI's `anyOf: [integer, null]`).
            for branch in branches {
                let value = scalar(text, branch)
                if value != .string(text) { return value }
            }
            return .string(text)
        default:
            return resolved.nullable && text == "null" ? .null : .string(text)
        }
    }
}
