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
    public var heuristicFreshness: HeuristicFreshness?
    /// Bodies larger than this are passed through, never stored. 5 MiB by default.
    public var maxEntrySize: Int = 5 * 1024 * 1024

    /// RFC 9111 with no heuristic freshness and entries up to 5 MiB.
    public init() {}

    /// The defaults.
    public static let `default` = CacheConfiguration()
}
