/// A property that can be absent, `null` or a value: what generated clients use for an optional property
/// whose schema admits `null` (OpenAPI 3.0 `nullable: true`, 3.1 `type: [X, "null"]` or an `anyOf` with
/// `null`), so that a request can clear a field as well as leave it alone.
///
/// A `PATCH` that sends `{"assignee": null}` clears the assignee; one that omits `assignee` keeps it.
/// `Optional` has one `nil` for both, so the generated model stores a `Nullable` and codes it itself:
/// ``absent`` omits the key, ``null`` writes `null`, ``value(_:)`` writes the value; reading, a missing
/// key is ``absent`` and a `null` is ``null``.
///
/// ```swift
/// var update = TaskUpdate()      // every property .absent: sends {}
/// update.assignee = .null        // sends {"assignee": null}
/// update.title = "Ship it"       // .value("Ship it")
/// if case .value(let name) = task.assignee { print(name) }
/// ```
///
/// A literal of the wrapped type is ``value(_:)``, but `nil` is not a `Nullable`: write ``null`` to send
/// `null` and ``absent`` (what a property left alone has) to send nothing. Code written when the property
/// was `X?` — `TaskUpdate(assignee: nil)`, `if update.assignee == nil` — then fails to compile instead of
/// silently sending `null` where it meant "leave it alone". A required property that admits `null` stays
/// `T?`: it is always sent, `nil` as `null`.
public enum Nullable<Wrapped> {
    /// No key at all: not sent, or not received.
    case absent
    /// The key with JSON `null`.
    case null
    /// The key with a value.
    case value(Wrapped)

    /// ``value(_:)`` for a value and ``null`` for `nil`: what to send when `nil` means "clear it".
    public init(_ optional: Wrapped?) {
        self = optional.map { .value($0) } ?? .null
    }

    /// The value, or `nil` when ``absent`` or ``null`` (when the difference does not matter).
    public var optional: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether this is ``absent``.
    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The same state, the value (if any) transformed.
    public func map<T>(_ transform: (Wrapped) throws -> T) rethrows -> Nullable<T> {
        switch self {
        case .absent: .absent
        case .null: .null
        case .value(let value): .value(try transform(value))
        }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Writes the value, or `null` for ``null`` and ``absent``: a lone value has no key to omit (inside a
    /// generated model, ``absent`` omits its key: see `KeyedEncodingContainer.encodeUnlessAbsent(_:forKey:)`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Reads ``null`` or a value (a lone value is never ``absent``; inside a generated model a missing key
    /// is: see `KeyedDecodingContainer.decodeNullable(_:forKey:)`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Nullable: CustomStringConvertible {
    /// `absent`, `null`, or the value's description.
    public var description: String {
        switch self {
        case .absent: "absent"
        case .null: "null"
        case .value(let value): String(describing: value)
        }
    }
}

/// Whether a ``Nullable`` is ``Nullable/null`` or ``Nullable/absent``, whatever it wraps: how the form encoder and
/// an endpoint's query tell the three states apart in a value they only know as `Encodable`.
protocol NullableState {
    var isNull: Bool { get }
    var isAbsent: Bool { get }
}

extension Nullable: NullableState {}
