// Declared in the core: opening a WebSocket sets `cachePolicy` so that no cache answers it.

/// How one request uses the cache of a ``Client/caching(in:configuration:clock:)`` layer; set it in
/// ``RequestOptions/cachePolicy``.
///
/// ```swift
/// var request = try ClientRequest(.get, path: "/timeline")
/// request.options.cachePolicy = .reloadIgnoringCache    // pull to refresh
/// ```
public enum CachePolicy: Sendable, Equatable {
    /// HTTP's rules (RFC 9111): a fresh response from the cache, a stale one revalidated, otherwise the
    /// network. The default.
    case useCache
    /// The network, whatever the cache holds; the answer is stored for later requests.
    case reloadIgnoringCache
    /// A stored response even if it is stale, without asking the server; the network only when nothing
    /// is stored. For showing something at once, offline first.
    case returnCacheElseLoad
    /// A stored response even if it is stale, and never the network: without one the request fails with
    /// ``NetworkError/Kind/notCached``.
    case onlyFromCache
}

enum CachePolicyOptionKey: RequestOptionKey {
    static let defaultValue = CachePolicy.useCache
}

extension RequestOptions {
    /// How this request uses the cache; ``CachePolicy/useCache`` unless set. Without a caching layer it
    /// has no effect.
    public var cachePolicy: CachePolicy {
        get { self[CachePolicyOptionKey.self] }
        set { self[CachePolicyOptionKey.self] = newValue }
    }
}
