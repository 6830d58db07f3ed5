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

enum CacheTimeToLiveOptionKey: RequestOptionKey {
    static let defaultValue: Duration? = nil
}

enum CacheStatusOptionKey: RequestOptionKey {
    static let defaultValue = CacheStatus.network
}

extension RequestOptions {
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
