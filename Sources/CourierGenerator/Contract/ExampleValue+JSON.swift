import Foundation

extension ExampleValue {
    /// Parses JSON text (a request or response body) into a value the schema validator walks.
    ///
    /// `JSONDecoder`, not `JSONSerialization`: its numbers are never confused with booleans (an `NSNumber` 1 casts
    /// to `true`), and integers stay integers.
    init(json data: Data) throws {
        self = try JSONDecoder().decode(Decoded.self, from: data).value
    }

    private struct Decoded: Decodable {
        let value: ExampleValue

        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                var items: [ExampleValue] = []
                while !array.isAtEnd { items.append(try array.decode(Decoded.self).value) }
                value = .array(items)
                return
            }
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var members: [String: ExampleValue] = [:]
                for key in object.allKeys { members[key.stringValue] = try object.decode(Decoded.self, forKey: key).value }
                value = .object(members)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let bool = try? single.decode(Bool.self) {
                value = .bool(bool)
            } else if let int = try? single.decode(Int.self) {
                value = .int(int)
            } else if let double = try? single.decode(Double.self) {
                value = .double(double)
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The value as a message shows it: JSON for scalars (`42`, `"abc"`, shortened past 40 characters), the kind
    /// for containers (`an object`, `an array`), which could be long.
    var shown: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let text) where text.count > 40: return ExampleValue.string(String(text.prefix(37)) + "...").canonicalJSON
        default: return canonicalJSON
        }
    }
}
