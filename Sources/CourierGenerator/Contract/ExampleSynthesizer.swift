import Foundation
import OpenAPIKit

/// Makes an example from a schema, for a response the document gives none: the schema's `example`, `default` or
/// first `enum` value where it has one, else the simplest value that fits (every declared property, one array
/// item, a number at its minimum, a string of its format).
struct ExampleSynthesizer {
    let validator: JSONSchemaValidator

    func value(for schema: JSONSchema) -> ExampleValue {
        make(schema, depth: 0)
    }

    private func make(_ schema: JSONSchema, depth: Int) -> ExampleValue {
        // NOTE: a recursive schema (a tree of nodes) stops here, with its simplest value.
        guard depth < 8, let resolved = validator.resolved(schema) else { return .null }
        let given = resolved.examples + [resolved.defaultValue].compactMap { $0 } + (resolved.allowedValues ?? [])
        if let first = given.lazy.compactMap({ ExampleValue($0.value) }).first(where: { $0 != .null }) { return first }
        switch resolved.value {
        case .null: return .null
        case .boolean: return .bool(true)
        case .integer(_, let context):
            let ceiling = context.maximum.map { $0.exclusive ? $0.value - 1 : $0.value } ?? 0
            return .int(context.minimum.map { $0.exclusive ? $0.value + 1 : $0.value } ?? Swift.min(0, ceiling))
        case .number(_, let context):
            return .double(context.minimum.map { $0.exclusive ? $0.value + 1 : $0.value } ?? 0)
        case .string(let core, let context):
            return .string(Self.string(format: core.format.rawValue, minLength: context.minLength))
        case .array(_, let context):
            let item = context.items.map { make($0, depth: depth + 1) }
            return .array(item.map { Array(repeating: $0, count: max(1, context.minItems)) } ?? [])
        case .object(_, let context):
            var members: [String: ExampleValue] = [:]
            for (name, property) in context.properties { members[name] = make(property, depth: depth + 1) }
            return .object(members)
        case .all(of: let branches, _):
            var members: [String: ExampleValue] = [:]
            for branch in branches {
                if case .object(let more) = make(branch, depth: depth + 1) { members.merge(more) { first, _ in first } }
            }
            return .object(members)
        case .one(of: let branches, _), .any(of: let branches, _):
            return branches.first.map { make($0, depth: depth + 1) } ?? .null
        case .not, .fragment, .reference:
            return .object([:])
        }
    }

    private static func string(format: String, minLength: Int) -> String {
        let text = switch format {
        case "date-time": "2024-01-01T00:00:00Z"
        case "date": "2024-01-01"
        case "uuid": "00000000-0000-0000-0000-000000000000"
        case "email": "user@example.com"
        case "uri", "url": "https://example.com"
        case "ipv4": "127.0.0.1"
        case "byte": "AA=="
        default: "string"
        }
        return text.count >= minLength ? text : text + String(repeating: "x", count: minLength - text.count)
    }
}
