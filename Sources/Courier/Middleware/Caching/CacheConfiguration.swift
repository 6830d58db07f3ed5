/// How a ``Client/caching(in:configuration:clock:)`` layer decides what to keep.
public struct CacheConfiguration: Sendable {
    /// Freshness for responses that state none, from their `Last-Modified` (RFC 9111 §4.2.2).
    public struct HeuristicFreshness: Sendable, Equatable {
        /// The share of the time since the last modification that the response stays fresh.
        public var fraction: Double
        /// The longest heuristic lifetime.
        public var maximum: Duration

        /// 10 % of the time since `Last-Modified`, at most a day: the rule browsers use.
        public init(fraction: Double = 0.1, maximum: Duration = .seconds(86_400)) {
            self.fraction = fraction
            self.maximum = maximum
        }
    }

    /// Off by default: a response without `max-age` or `Expires` is stored only to be revalidated.
    ///
    /// NOTE: off because a client library mostly talks to APIs, whose `Last-Modified` says when data
    /// changed, not that it may be reused unasked: browsers cache documents heuristically, and an app that
    /// did the same with JSON would show data minutes old with no line of code asking for it. Turn it on
    /// with ``heuristic`` for servers that serve files and leave caching headers out.
    public var heuristicFreshness: HeuristicFreshness?
    /// How long responses from a host stay fresh, whatever their own headers say, by host name
    /// (lowercased, without port): `["api.example.com": .seconds(60)]`. A request's
    /// `RequestOptions.cacheTimeToLive` wins over it. Empty by default.
    public var timeToLive: [String: Duration] = [:]
    /// Bodies larger than this are passed through, never stored. 5 MiB by default.
    public var maxEntrySize: Int

    /// RFC 9111 with entries up to `maxEntrySize`, heuristic freshness only when given.
    public init(heuristicFreshness: HeuristicFreshness? = nil, maxEntrySize: Int = 5 * 1024 * 1024) {
        self.heuristicFreshness = heuristicFreshness
        self.maxEntrySize = maxEntrySize
    }

    /// The defaults: no heuristic freshness, entries up to 5 MiB.
    public static let `default` = CacheConfiguration()

    /// Heuristic freshness as browsers have it: a response with `Last-Modified` and no `max-age` or
    /// `Expires` stays fresh for 10% of the time since it was modified, at most a day (RFC 9111 §4.2.2).
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .caching(in: MemoryCacheStore(), configuration: .heuristic)
    /// ```
    public static let heuristic = CacheConfiguration(heuristicFreshness: HeuristicFreshness())
}
