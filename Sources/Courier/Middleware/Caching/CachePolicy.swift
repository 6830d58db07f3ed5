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

/// Where a response came from.
public enum CacheStatus: Sendable, Equatable {
    /// From the network (or no caching layer saw it).
    case network
    /// From the cache, without asking the server: fresh, or stale where allowed (a cache policy,
    /// `stale-if-error`).
    case cache
    /// From the cache after the server confirmed it with `304 Not Modified`.
    case revalidated
}

enum CachePolicyOptionKey: RequestOptionKey {
    static let defaultValue = CachePolicy.useCache
}

enum CacheTimeToLiveOptionKey: RequestOptionKey {
    static let defaultValue: Duration? = nil
}

enum CacheStatusOptionKey: RequestOptionKey {
    static let defaultValue = CacheStatus.network
}

extension RequestOptions {
    /// How this request uses the cache; ``CachePolicy/useCache`` unless set. Without a caching layer it
    /// has no effect.
    public var cachePolicy: CachePolicy {
        get { self[CachePolicyOptionKey.self] }
        set { self[CachePolicyOptionKey.self] = newValue }
    }

    /// How long the response to this request stays fresh in the cache, whatever its own headers say
    /// (it is stored as if it said `max-age`); `nil` (the default) keeps RFC 9111's rules, or the
    /// layer's ``CacheConfiguration/timeToLive``. For servers that send no caching headers, or wrong
    /// ones. It applies to successes (`200`, `203`, `204`, `300`, `301`, `308`) of requests without
    /// `Authorization`; `no-store` and `Vary: *` still keep a response out of the cache.
    ///
    /// ```swift
    /// var options = RequestOptions()
    /// options.cacheTimeToLive = .seconds(300)
    /// let countries = Endpoint<[String]>(path: "/countries", options: options)
    /// ```
    public var cacheTimeToLive: Duration? {
        get { self[CacheTimeToLiveOptionKey.self] }
        set { self[CacheTimeToLiveOptionKey.self] = newValue }
    }

    /// Set by the caching layer on the request of a response it answers from the cache.
    var cacheStatus: CacheStatus {
        get { self[CacheStatusOptionKey.self] }
        set { self[CacheStatusOptionKey.self] = newValue }
    }
}

extension ClientResponse {
    /// Whether this response came from the network, the cache, or the cache after a revalidation.
    public var cacheStatus: CacheStatus {
        request.options.cacheStatus
    }
}
