// NOTE: these are named, not overloads of `encode(_:forKey:)` and `decode(_:forKey:)`: generated models call
// them by name in their own `encode(to:)` and `init(from:)`, so nothing depends on which overload synthesized
// Codable would pick.

extension KeyedEncodingContainer {
    /// Writes `value` under `key`: nothing for ``Nullable/absent``, `null` for ``Nullable/null``, the value
    /// for ``Nullable/value(_:)``.
    public mutating func encodeUnlessAbsent<T: Encodable>(_ value: Nullable<T>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads `key` as a ``Nullable``: ``Nullable/absent`` when the key is missing, ``Nullable/null`` when it
    /// holds `null`, else the decoded value.
    ///
    /// - Throws: `DecodingError` when the value is there and is not a `T`.
    public func decodeNullable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Nullable<T> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }
}
