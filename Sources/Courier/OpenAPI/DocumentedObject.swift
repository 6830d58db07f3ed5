import Foundation

/// A generated model of an object schema whose properties are all optional.
///
/// Any JSON object decodes to such a type (to all `nil`s), so a body of another shape would pass for an empty
/// value: FastAPI's `HTTPValidationError` has one optional `detail`, and `{"error": "bad title"}` decoded to
/// `detail: nil`. The type says which keys are its own; ``EndpointResponse/json(_:)`` then accepts a JSON
/// object only when it is empty or shares at least one key with them, and reports any other as a
/// ``SchemaMismatch``. (A schema with a required property needs no such check: decoding already demands the
/// key.)
public protocol DocumentedObject {
    /// The wire names of the schema's properties.
    static var documentedKeys: Set<String> { get }
}

extension DocumentedObject {
    /// Why `data` (known to decode as this type) is not one of its objects, or `nil` when it is.
    static func mismatch(in data: Data, decoder: JSONDecoder) -> String? {
        guard let keys = try? decoder.decode(TopLevelKeys.self, from: data).keys, !keys.isEmpty else { return nil }
        guard keys.isDisjoint(with: documentedKeys) else { return nil }
        return "it has none of its properties (\(documentedKeys.sorted().joined(separator: ", "))), only "
            + "\(keys.sorted().joined(separator: ", "))."
    }
}

/// The keys of a JSON object, nothing decoded beneath them.
private struct TopLevelKeys: Decodable {
    let keys: Set<String>

    init(from decoder: any Decoder) throws {
        keys = Set(try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue))
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
