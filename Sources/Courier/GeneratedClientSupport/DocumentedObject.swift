import Foundation

/// A generated model of an object schema whose properties are all optional.
///
/// Any JSON object decodes to such a type (to all `nil`s), so an error body of another shape would pass for an
/// empty value: FastAPI's `HTTPValidationError` has one optional `detail`, and `{"error": "bad title"}` decoded to
/// `detail: nil`. The type says which keys are its own; for an error status (not `2xx`)
/// ``EndpointResponse/json(_:)`` then accepts a JSON object only when it is empty or shares at least one key
/// with them, and reports any other as a ``SchemaMismatch``.
///
/// A success body is not checked so: JSON Schema allows keys a schema does not list, and a `2xx` answering only
/// such keys (a newer server's fields) is valid. Error bodies are where the drift was seen, and where an empty
/// value hides what went wrong. (A schema with a required property needs no check: decoding demands the key.)
public protocol DocumentedObject {
    /// The wire names of the schema's properties.
    static var documentedKeys: Set<String> { get }
}

extension DocumentedObject {
    /// Why an object with these top-level `keys` is not one of this type's, or `nil` when it is.
    static func mismatch(keys: Set<String>) -> String? {
        guard !keys.isEmpty, keys.isDisjoint(with: documentedKeys) else { return nil }
        return "it has none of its properties (\(documentedKeys.sorted().joined(separator: ", "))), only "
            + "\(keys.sorted().joined(separator: ", "))."
    }
}

/// A value decoded together with the keys of the JSON object it was decoded from, in one parse.
struct KeyedValue<Value: Decodable>: Decodable {
    let value: Value
    /// The object's top-level keys; empty when the JSON is not an object.
    let keys: Set<String>

    init(from decoder: any Decoder) throws {
        // NOTE: `Value(from:)` rather than a nested `decode`: at the top level that is what `JSONDecoder.decode`
        // does for a generated model, and the same decoder can then be asked for its keys.
        value = try Value(from: decoder)
        keys = (try? decoder.container(keyedBy: AnyKey.self)).map { Set($0.allKeys.map(\.stringValue)) } ?? []
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
