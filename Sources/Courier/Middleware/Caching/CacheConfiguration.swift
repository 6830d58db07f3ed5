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

    /// On by default: a response with `Last-Modified` and no `max-age` or `Expires` stays fresh for 10 % of
    /// the time since it was modified, at most a day (RFC 9111 §4.2.2). `nil` turns it off.
    ///
    /// NOTE: on, as in every browser, because RFC 9111 §4.2.2 lets a cache do it and servers rely on it:
    /// one that sends `Last-Modified` without freshness is mostly a file server or a CDN, whose documents
    /// are what heuristics are for, and a server that wants every use checked says so (`no-cache`,
    /// `max-age=0`). The risk is an API that sends `Last-Modified` on data that changes within a tenth of its
    /// age; such a client turns it off with ``withoutHeuristics``. It applies only to the statuses RFC 9110
    /// §15.1 calls heuristically cacheable, never beyond a day, and never to a response the time-to-live
    /// options already date.
    public var heuristicFreshness: HeuristicFreshness?
    /// How long responses from a host stay fresh, whatever their own headers say, by host name
    /// (lowercased, without port): `["api.example.com": .seconds(60)]`. A request's
    /// `RequestOptions.cacheTimeToLive` wins over it. Empty by default.
    public var timeToLive: [String: Duration] = [:]
    /// Bodies larger than this are passed through, never stored. 5 MiB by default.
    public var maxEntrySize: Int

    /// RFC 9111 with entries up to `maxEntrySize`, and heuristic freshness as browsers have it unless
    /// `heuristicFreshness` is `nil`.
    public init(heuristicFreshness: HeuristicFreshness? = HeuristicFreshness(), maxEntrySize: Int = 5 * 1024 * 1024) {
        self.heuristicFreshness = heuristicFreshness
        self.maxEntrySize = maxEntrySize
    }

    /// The defaults: heuristic freshness as browsers have it, entries up to 5 MiB.
    public static let `default` = CacheConfiguration()

    /// The defaults, named for what they add: a response with `Last-Modified` and no `max-age` or `Expires`
    /// stays fresh for 10 % of the time since it was modified, at most a day (RFC 9111 §4.2.2).
    public static let heuristic = CacheConfiguration(heuristicFreshness: HeuristicFreshness())

    /// No heuristic freshness: a response without `max-age` or `Expires` is stored only to be revalidated,
    /// for APIs whose `Last-Modified` says when data changed, not that it may be reused unasked.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .caching(in: MemoryCacheStore(), configuration: .withoutHeuristics)
    /// ```
    public static let withoutHeuristics = CacheConfiguration(heuristicFreshness: nil)
}
