import Foundation

extension Caching {
    /// `stale-while-revalidate` (RFC 5861 §3): a response stale by no more than the window it names is
    /// served at once while the cache revalidates it behind the caller's back. Never when it said
    /// `must-revalidate` or `no-cache`, or the request asked for more freshness (`no-cache`, `max-age`,
    /// `min-fresh`).
    func mayServeWhileRevalidating(_ stored: CachedResponse, _ exchange: Exchange, at now: Date) -> Bool {
        let storedControl = CacheControl(stored.fields)
        guard let window = storedControl.staleWhileRevalidate, !storedControl.mustRevalidate, !storedControl.noCache,
              !exchange.control.noCache, exchange.control.maxAge == nil, exchange.control.minFresh == nil
        else { return false }
        return stored.age(at: now) - stored.freshnessLifetime <= Double(window)
    }

    /// Revalidates `stored` in a task of its own, one per key at a time, reading the answer to its end so
    /// that it is stored (or the stored response refreshed by a `304`).
    ///
    /// NOTE: the task outlives the request that started it — that is what the directive asks for — but not
    /// the exchange: it is bounded by the transport's own timeouts, and a failure only leaves the stale
    /// response in place for the next request to revalidate.
    func revalidateInBackground(_ stored: CachedResponse, _ exchange: Exchange, next: Next) {
        guard revalidating.withLock({ $0.insert(exchange.key).inserted }) else { return }
        let limit = configuration.maxEntrySize
        Task { [revalidating] in
            defer { revalidating.withLock { _ = $0.remove(exchange.key) } }
            guard let response = try? await revalidate(stored, exchange, next: next) else { return }
            _ = try? await response.body.collect(upTo: limit + 1)
        }
    }
}
