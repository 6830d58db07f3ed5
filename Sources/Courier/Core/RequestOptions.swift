/// A key for a typed per-request setting, with the value used when a request does not set it.
///
/// Middleware define their own settings without touching the core, the way SwiftUI's environment works:
///
/// ```swift
/// enum TenantKey: RequestOptionKey {
///     static let defaultValue = "default"
/// }
///
/// extension RequestOptions {
///     var tenant: String {
///         get { self[TenantKey.self] }
///         set { self[TenantKey.self] = newValue }
///     }
/// }
/// ```
public protocol RequestOptionKey: Sendable {
    /// The type of the setting.
    associatedtype Value: Sendable
    /// The value a request has when nobody set one.
    static var defaultValue: Value { get }
}

/// A typed bag of per-request settings, carried by every ``ClientRequest``.
///
/// Reading a setting that was never written gives its key's ``RequestOptionKey/defaultValue``.
public struct RequestOptions: Sendable {
    /// NOTE: a short array searched in order, not a dictionary: a request carries a handful of settings,
    /// every layer reads several of them per request, and comparing a few identifiers costs less than
    /// hashing one (Benchmarks/load, the cache hit).
    private var entries: [Entry] = []

    private struct Entry: Sendable {
        let key: ObjectIdentifier
        var value: any Sendable
    }

    /// Creates an empty set of options: every setting has its default.
    public init() {}

    /// Reads or writes the setting for `key`.
    public subscript<Key: RequestOptionKey>(key: Key.Type) -> Key.Value {
        get {
            let id = ObjectIdentifier(key)
            for entry in entries where entry.key == id {
                return entry.value as? Key.Value ?? Key.defaultValue
            }
            return Key.defaultValue
        }
        set {
            let id = ObjectIdentifier(key)
            if let index = entries.firstIndex(where: { $0.key == id }) {
                entries[index].value = newValue
            } else {
                entries.append(Entry(key: id, value: newValue))
            }
        }
    }

    /// Whether `key` was set explicitly on this request.
    public func contains<Key: RequestOptionKey>(_ key: Key.Type) -> Bool {
        let id = ObjectIdentifier(key)
        return entries.contains { $0.key == id }
    }

    /// Copies every setting of `other` that this value does not set itself: a way to apply defaults
    /// (a client's, a server's) under the settings a request already has.
    public func merging(defaults other: RequestOptions) -> RequestOptions {
        var merged = self
        for entry in other.entries where !entries.contains(where: { $0.key == entry.key }) {
            merged.entries.append(entry)
        }
        return merged
    }
}
