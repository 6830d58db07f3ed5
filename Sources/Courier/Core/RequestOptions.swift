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
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Creates an empty set of options: every setting has its default.
    public init() {}

    /// Reads or writes the setting for `key`.
    public subscript<Key: RequestOptionKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Whether `key` was set explicitly on this request.
    public func contains<Key: RequestOptionKey>(_ key: Key.Type) -> Bool {
        values[ObjectIdentifier(key)] != nil
    }

    /// Copies every setting of `other` that this value does not set itself: a way to apply defaults
    /// (a client's, a server's) under the settings a request already has.
    public func merging(defaults other: RequestOptions) -> RequestOptions {
        var merged = self
        merged.values.merge(other.values) { mine, _ in mine }
        return merged
    }
}
