import Foundation
import OpenAPIKit

/// A documented example as plain JSON: what OpenAPIKit's `AnyCodable` holds, in a form the validator can walk and
/// the emitters can print the same way every run.
enum ExampleValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([ExampleValue])
    case object([String: ExampleValue])

    /// The value of a decoded `example`; `nil` for something that is not JSON (a date or URL object never comes
    /// out of a decoded document, but `AnyCodable` could hold one).
    init?(_ any: Any?) {
        switch any {
        case nil: self = .null
        case let wrapped as AnyCodable: self.init(wrapped.value)
        case is NSNull: self = .null
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .int(value)
        case let value as UInt: self = value <= UInt(Int.max) ? .int(Int(value)) : .double(Double(value))
        case let value as Double: self = .double(value)
        case let value as String: self = .string(value)
        case let values as [Any?]:
            var items: [ExampleValue] = []
            for value in values {
                guard let item = ExampleValue(value) else { return nil }
                items.append(item)
            }
            self = .array(items)
        case let values as [String: Any?]:
            var members: [String: ExampleValue] = [:]
            for (key, value) in values {
                guard let member = ExampleValue(value) else { return nil }
                members[key] = member
            }
            self = .object(members)
        case let other?:
            // An `Optional` inside the `Any` (how a null can sit in a decoded collection): unwrap it.
            let mirror = Mirror(reflecting: other)
            guard mirror.displayStyle == .optional else { return nil }
            guard let wrapped = mirror.children.first?.value else {
                self = .null
                return
            }
            self.init(wrapped)
        }
    }

    /// Canonical JSON text: keys sorted, no whitespace, integral doubles without a fraction (`1.0` → `1`), so the
    /// same example is the same bytes whatever the document's formatting.
    var canonicalJSON: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                out += String(Int(value))
            } else {
                out += "\(value)"
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                members[key]?.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// What kind of JSON value this is, for messages (`string`, `object`…).
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
