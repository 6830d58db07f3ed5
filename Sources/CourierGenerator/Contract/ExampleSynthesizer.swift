import Foundation
import OpenAPIKit

/// Makes an example from a schema, for a response the document gives none: the schema's `example`, `default` or
/// first `enum` value where it has one, else the simplest value that fits (every declared property, one array
/// item, a number at its minimum, a string of its format).
///
/// NOTE: a made-up value is kept small, so a document cannot make the mock build a huge one: at most
/// ``maximumItems`` array items and ``maximumLength`` string characters. A schema that asks for more
/// (`minItems: 1000000`) gets an example that does not satisfy it, as does a bound no value can meet
/// (`exclusiveMinimum` at `Int.max`).
struct ExampleSynthesizer {
    let validator: JSONSchemaValidator
    /// The most items a made-up array has, whatever its `minItems`.
    static let maximumItems = 16
    /// The most characters a made-up string has, whatever its `minLength`.
    static let maximumLength = 256

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
            return .int(Self.integer(minimum: context.minimum, maximum: context.maximum))
        case .number(_, let context):
            return .double(Self.number(
                minimum: context.minimum.map { (value: $0.value, exclusive: $0.exclusive) },
                maximum: context.maximum.map { (value: $0.value, exclusive: $0.exclusive) }))
        case .string(let core, let context):
            return .string(Self.string(format: core.format.rawValue, minLength: context.minLength, maxLength: context.maxLength))
        case .array(_, let context):
            let item = context.items.map { make($0, depth: depth + 1) }
            let count = Swift.min(Swift.max(1, context.minItems), Self.maximumItems)
            return .array(item.map { Array(repeating: $0, count: count) } ?? [])
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

    /// The minimum, else 0 when the maximum allows it, else the maximum. Overflow-checked: an exclusive bound at
    /// `Int.max` or `Int.min` has no integer beyond it, so the bound itself is given.
    static func integer(
        minimum: JSONSchema.IntegerContext.Bound?, maximum: JSONSchema.IntegerContext.Bound?
    ) -> Int {
        if let minimum {
            guard minimum.exclusive else { return minimum.value }
            let (above, overflow) = minimum.value.addingReportingOverflow(1)
            return overflow ? minimum.value : above
        }
        guard let maximum else { return 0 }
        guard maximum.exclusive else { return Swift.min(0, maximum.value) }
        let (below, overflow) = maximum.value.subtractingReportingOverflow(1)
        return Swift.min(0, overflow ? maximum.value : below)
    }

    /// The minimum (halfway to the maximum when the minimum is exclusive), else 0 when the maximum allows it, else
    /// just under the maximum.
    static func number(minimum: (value: Double, exclusive: Bool)?, maximum: (value: Double, exclusive: Bool)?) -> Double {
        if let minimum {
            guard minimum.exclusive else { return minimum.value }
            if let maximum, maximum.value > minimum.value { return minimum.value + (maximum.value - minimum.value) / 2 }
            return Swift.max(minimum.value + 1, minimum.value.nextUp)
        }
        guard let maximum else { return 0 }
        if maximum.value > 0 || (maximum.value == 0 && !maximum.exclusive) { return 0 }
        return maximum.exclusive ? Swift.min(maximum.value - 1, maximum.value.nextDown) : maximum.value
    }

    private static func string(format: String, minLength: Int, maxLength: Int?) -> String {
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
        let wanted = Swift.min(minLength, maximumLength)
        let padded = text.count >= wanted ? text : text + String(repeating: "x", count: wanted - text.count)
        // A `maxLength` shorter than the format's text (and not below `minLength`) cuts it.
        guard let maxLength, maxLength >= minLength, padded.count > maxLength else { return padded }
        return String(padded.prefix(maxLength))
    }
}
