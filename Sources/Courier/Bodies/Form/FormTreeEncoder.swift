import Foundation

/// Turns an `Encodable` value into a ``FormNode`` tree, applying the key style and the leaf styles (dates,
/// booleans) on the way; the nesting and array naming is applied later, when the tree is written out.
struct FormTreeEncoder {
    let dates: FormEncoding.DateStyle
    let bools: FormEncoding.BoolStyle
    let keys: FormEncoding.KeyStyle

    init(dates: FormEncoding.DateStyle, bools: FormEncoding.BoolStyle, keys: FormEncoding.KeyStyle = .useDefaultKeys) {
        self.dates = dates
        self.bools = bools
        self.keys = keys
    }

    /// The tree of `value`, whose top level must be a keyed value (a struct or a dictionary with string
    /// keys): a form is a list of named fields.
    func tree(of value: some Encodable) throws -> FormNode {
        let root = FormNodeBuilder()
        try FormNodeEncoder(builder: root, settings: self, codingPath: []).encodeValue(value)
        let node = root.build()
        guard case .object = node else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "a form needs named fields; \(type(of: value)) does not encode as a keyed value."
            ))
        }
        return node
    }
}

/// A node being filled by containers that may still be open: containers write into it after they are
/// returned, so it is a reference. Lives only for one `tree(of:)` call, on one thread.
final class FormNodeBuilder {
    enum Content {
        case unset
        case leaf(FormNode)
        case list([FormNodeBuilder])
        case object([(String, FormNodeBuilder)])
    }

    var content = Content.unset

    func build() -> FormNode {
        switch content {
        case .unset: .absent
        case .leaf(let node): node
        case .list(let children): .list(children.map { $0.build() })
        case .object(let members): .object(members.map { (key: $0.0, value: $0.1.build()) })
        }
    }

    /// A new child under `key`, turning this node into an object if it is not one yet.
    func child(forKey key: String) -> FormNodeBuilder {
        let child = FormNodeBuilder()
        if case .object(var members) = content {
            members.append((key, child))
            content = .object(members)
        } else {
            content = .object([(key, child)])
        }
        return child
    }

    /// A new element at the end, turning this node into a list if it is not one yet.
    func appendChild() -> FormNodeBuilder {
        let child = FormNodeBuilder()
        if case .list(var children) = content {
            children.append(child)
            content = .list(children)
        } else {
            content = .list([child])
        }
        return child
    }

    var count: Int {
        switch content {
        case .list(let children): children.count
        case .object(let members): members.count
        case .unset, .leaf: 0
        }
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func becomeList() {
        if case .list = content { return }
        content = .list([])
    }
}

/// The `Encoder` the value's `encode(to:)` sees.
struct FormNodeEncoder: Encoder {
    let builder: FormNodeBuilder
    let settings: FormTreeEncoder
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes `value`, writing the types a form spells specially (dates, data, URLs, files) as leaves.
    func encodeValue(_ value: some Encodable) throws {
        switch value {
        case let file as MultipartFile:
            builder.content = .leaf(.file(file))
        case let date as Date:
            builder.content = .leaf(.text(settings.dates.text(for: date)))
        case let data as Data:
            builder.content = .leaf(.text(data.base64EncodedString()))
        case let url as URL:
            builder.content = .leaf(.text(url.absoluteString))
        case let decimal as Decimal:
            builder.content = .leaf(.text(decimal.description))
        case let uuid as UUID:
            // RFC 9562's canonical form is lower case; `uuidString` is upper case.
            builder.content = .leaf(.text(uuid.uuidString.lowercased()))
        case let dictionary as [String: any Encodable]:
            // A dictionary iterates in an order that changes from process to process; sorted keys keep one value's
            // form the same bytes every time (caches, signatures and golden tests rely on it).
            // NOTE: its keys are data, so no key style renames them (JSONEncoder leaves them too); the values'
            // own keys are still renamed.
            builder.becomeObject()
            for key in dictionary.keys.sorted() {
                let value = dictionary[key]!
                if let nullable = value as? any NullableState, nullable.isNull || nullable.isAbsent {
                    // As under a model's key: `.null` clears the field, `.absent` sends nothing.
                    if nullable.isNull { builder.child(forKey: key).content = .leaf(.text("")) }
                    continue
                }
                try child(builder.child(forKey: key), key: FormIndexKey(stringValue: key)).encodeValue(value)
            }
        case let dictionary as any FormDataKeyedDictionary where settings.keys.renamesKeys:
            // NOTE: JSONEncoder exempts every dictionary keyed by CodingKeyRepresentable values (Int, enums) from its
            // key strategy, not only [String: V]; with no style to apply they go through their own encode(to:) as before.
            builder.becomeObject()
            for member in dictionary.formMembers {
                try child(builder.child(forKey: member.name), key: FormIndexKey(stringValue: member.name)).encodeValue(member.value)
            }
        default:
            try value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        builder.becomeObject()
        return KeyedEncodingContainer(FormKeyedContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        builder.becomeList()
        return FormUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueContainer(encoder: self)
    }

    func child(_ builder: FormNodeBuilder, key: any CodingKey) -> FormNodeEncoder {
        FormNodeEncoder(builder: builder, settings: settings, codingPath: codingPath + [key])
    }
}

private struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FormNodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// An explicit `nil` under a key (what a ``Nullable/null`` property encodes) is the field with an empty value,
    /// `key=`: the form convention for clearing a field (Stripe's). An `Optional` left `nil` is never written here
    /// (`encodeIfPresent` skips it), so it still sends nothing.
    func encodeNil(forKey key: Key) throws {
        encoder.builder.child(forKey: name(of: key)).content = .leaf(.text(""))
    }

    func encode(_ value: some Encodable, forKey key: Key) throws {
        // A `Nullable` property of a synthesized `Codable` model: `.null` clears the field (`key=`) as
        // `encodeNil(forKey:)` does, `.absent` sends nothing, as in a generated model.
        if let nullable = value as? any NullableState {
            if nullable.isAbsent { return }
            if nullable.isNull { return try encodeNil(forKey: key) }
        }
        try encoder.child(encoder.builder.child(forKey: name(of: key)), key: key).encodeValue(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(encoder.builder.child(forKey: name(of: key)), key: key).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(encoder.builder.child(forKey: name(of: key)), key: key).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let key = FormIndexKey(stringValue: "super")
        return encoder.child(encoder.builder.child(forKey: name(of: key)), key: key)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        encoder.child(encoder.builder.child(forKey: name(of: key)), key: key)
    }

    /// The field name of `key` under the encoder's key style; the coding path keeps the key itself.
    private func name(of key: any CodingKey) -> String {
        encoder.settings.keys.name(for: key, in: codingPath)
    }
}

private struct FormUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: FormNodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.builder.count }

    private func next() -> FormNodeEncoder {
        let key = FormIndexKey(intValue: count)
        return encoder.child(encoder.builder.appendChild(), key: key)
    }

    func encodeNil() throws {
        _ = encoder.builder.appendChild()
    }

    func encode(_ value: some Encodable) throws {
        try next().encodeValue(value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        next().unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        next()
    }
}

private struct FormSingleValueContainer: SingleValueEncodingContainer {
    let encoder: FormNodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func leaf(_ text: String) {
        encoder.builder.content = .leaf(.text(text))
    }

    func encodeNil() throws {
        encoder.builder.content = .leaf(.absent)
    }

    func encode(_ value: Bool) throws {
        switch encoder.settings.bools {
        case .literal: leaf(value ? "true" : "false")
        case .numeric: leaf(value ? "1" : "0")
        }
    }

    func encode(_ value: String) throws { leaf(value) }
    func encode(_ value: Int) throws { leaf(String(value)) }
    func encode(_ value: Int8) throws { leaf(String(value)) }
    func encode(_ value: Int16) throws { leaf(String(value)) }
    func encode(_ value: Int32) throws { leaf(String(value)) }
    func encode(_ value: Int64) throws { leaf(String(value)) }
    func encode(_ value: UInt) throws { leaf(String(value)) }
    func encode(_ value: UInt8) throws { leaf(String(value)) }
    func encode(_ value: UInt16) throws { leaf(String(value)) }
    func encode(_ value: UInt32) throws { leaf(String(value)) }
    func encode(_ value: UInt64) throws { leaf(String(value)) }

    func encode(_ value: Float) throws {
        // NOTE: Float's own description: widening first would write 0.1 as 0.10000000149011612.
        guard value.isFinite, value.rounded() != value else { return try encode(Double(value)) }
        leaf(String(value))
    }

    func encode(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) has no form representation."
            ))
        }
        leaf(FormEncoding.number(value))
    }

    func encode(_ value: some Encodable) throws {
        try encoder.encodeValue(value)
    }
}

/// A key for array elements and `super`.
struct FormIndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A dictionary keyed by `CodingKeyRepresentable` values (`String`, `Int`, enums): its keys are data, which no key
/// style renames.
private protocol FormDataKeyedDictionary {
    /// The members, each named by its key's `codingKey.stringValue`, sorted by name so the output is stable.
    var formMembers: [(name: String, value: any Encodable)] { get }
}

extension Dictionary: FormDataKeyedDictionary where Key: CodingKeyRepresentable, Value: Encodable {
    fileprivate var formMembers: [(name: String, value: any Encodable)] {
        let members: [(name: String, value: any Encodable)] = map { element in
            (name: element.key.codingKey.stringValue, value: element.value as any Encodable)
        }
        return members.sorted { $0.name < $1.name }
    }
}
