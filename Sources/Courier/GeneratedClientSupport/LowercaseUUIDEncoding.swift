import Foundation

/// A `JSONEncoder` that writes every `UUID` in lower case, RFC 9562's canonical form (Foundation's `UUID`
/// encodes its upper-case `uuidString`, which servers that compare UUIDs as text take for another value).
///
/// ``APICoders/iso8601Encoder()`` makes one, so generated clients send lower-case UUIDs in JSON bodies and in
/// `content`-encoded parameters. Everything else is the `JSONEncoder` it is: its strategies and formatting apply.
///
/// NOTE: `@unchecked Sendable` as `JSONEncoder` itself is: the base class keeps its options behind its own lock,
/// and this subclass adds no stored state, so sharing it across tasks is as safe as sharing a `JSONEncoder`.
final class LowercaseUUIDJSONEncoder: JSONEncoder, @unchecked Sendable {
    override func encode<T: Encodable>(_ value: T) throws -> Data {
        try super.encode(LowercasedUUIDs(value))
    }
}

/// `value`, encoded with every `UUID` inside it lower-cased.
struct LowercasedUUIDs<Value: Encodable>: Encodable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        if Value.self is any HoldsNoUUID.Type {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        } else if let uuid = value as? UUID {
            var container = encoder.singleValueContainer()
            try container.encode(uuid.uuidString.lowercased())
        } else {
            try value.encode(to: UUIDLowercasingEncoder(base: encoder))
        }
    }
}

/// A type whose encoding cannot contain a `UUID`: handed to the base encoder as it is, unwrapped, so that an
/// array of 1,536 floats (an embedding) costs one type check rather than a wrapper and casts per element.
/// `Date`, `Data`, `URL` and `Decimal` are here too: the encoder spells them itself (date and data strategies).
///
/// NOTE: the check is on the static type (`T.self is any HoldsNoUUID.Type`), which the runtime caches per type;
/// a type not listed here (a model, `[UUID]`, `[String: JSONValue]`) is still walked and its UUIDs lower-cased.
private protocol HoldsNoUUID {}

extension Bool: HoldsNoUUID {}
extension String: HoldsNoUUID {}
extension Double: HoldsNoUUID {}
extension Float: HoldsNoUUID {}
extension Int: HoldsNoUUID {}
extension Int8: HoldsNoUUID {}
extension Int16: HoldsNoUUID {}
extension Int32: HoldsNoUUID {}
extension Int64: HoldsNoUUID {}
extension UInt: HoldsNoUUID {}
extension UInt8: HoldsNoUUID {}
extension UInt16: HoldsNoUUID {}
extension UInt32: HoldsNoUUID {}
extension UInt64: HoldsNoUUID {}
extension Date: HoldsNoUUID {}
extension Data: HoldsNoUUID {}
extension URL: HoldsNoUUID {}
extension Decimal: HoldsNoUUID {}
extension Array: HoldsNoUUID where Element: HoldsNoUUID {}
extension Optional: HoldsNoUUID where Wrapped: HoldsNoUUID {}
extension Dictionary: HoldsNoUUID where Key == String, Value: HoldsNoUUID {}

/// An `Encoder` that passes everything to `base`, wrapping each nested value in ``LowercasedUUIDs``.
private struct UUIDLowercasingEncoder: Encoder {
    let base: any Encoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(LowercasingKeyedContainer(base: base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LowercasingUnkeyedContainer(base: base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LowercasingSingleValueContainer(base: base.singleValueContainer())
    }
}

private struct LowercasingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if T.self is any HoldsNoUUID.Type { return try base.encode(value, forKey: key) }
        try base.encode(LowercasedUUIDs(value), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(LowercasingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LowercasingUnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { UUIDLowercasingEncoder(base: base.superEncoder()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        UUIDLowercasingEncoder(base: base.superEncoder(forKey: key))
    }
}

private struct LowercasingUnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws { try base.encode(value) }
    mutating func encode(_ value: Float) throws { try base.encode(value) }
    mutating func encode(_ value: Int) throws { try base.encode(value) }
    mutating func encode(_ value: Int8) throws { try base.encode(value) }
    mutating func encode(_ value: Int16) throws { try base.encode(value) }
    mutating func encode(_ value: Int32) throws { try base.encode(value) }
    mutating func encode(_ value: Int64) throws { try base.encode(value) }
    mutating func encode(_ value: UInt) throws { try base.encode(value) }
    mutating func encode(_ value: UInt8) throws { try base.encode(value) }
    mutating func encode(_ value: UInt16) throws { try base.encode(value) }
    mutating func encode(_ value: UInt32) throws { try base.encode(value) }
    mutating func encode(_ value: UInt64) throws { try base.encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if T.self is any HoldsNoUUID.Type { return try base.encode(value) }
        try base.encode(LowercasedUUIDs(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(LowercasingKeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        LowercasingUnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    mutating func superEncoder() -> any Encoder { UUIDLowercasingEncoder(base: base.superEncoder()) }
}

private struct LowercasingSingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer
    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws { try base.encode(value) }
    mutating func encode(_ value: Float) throws { try base.encode(value) }
    mutating func encode(_ value: Int) throws { try base.encode(value) }
    mutating func encode(_ value: Int8) throws { try base.encode(value) }
    mutating func encode(_ value: Int16) throws { try base.encode(value) }
    mutating func encode(_ value: Int32) throws { try base.encode(value) }
    mutating func encode(_ value: Int64) throws { try base.encode(value) }
    mutating func encode(_ value: UInt) throws { try base.encode(value) }
    mutating func encode(_ value: UInt8) throws { try base.encode(value) }
    mutating func encode(_ value: UInt16) throws { try base.encode(value) }
    mutating func encode(_ value: UInt32) throws { try base.encode(value) }
    mutating func encode(_ value: UInt64) throws { try base.encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if T.self is any HoldsNoUUID.Type { return try base.encode(value) }
        try base.encode(LowercasedUUIDs(value))
    }
}
