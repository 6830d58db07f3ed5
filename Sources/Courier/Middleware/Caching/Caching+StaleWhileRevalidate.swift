import Foundation

extension Caching {
    /// `stale-while-revalidate` (RFC 5861 §3): a response stale by no more than the window it names is
    /// served at once while the cache revalidates it behind the caller's back. Never when it said
    /// `must-revalidate` or `no-cache`, or the request asked for more freshness (`no-cache`, `max-age`,
    /// `min-fresh`).
    func mayServeWhileRevalidating(_ stored: CachedResponse, _ exchange: Exchange, at now: Date) -> Bool {
        let storedControl = stored.control
        guard let window = storedControl.staleWhileRevalidate, !storedControl.mustRevalidate, !storedControl.noCache,
              !exchange.control.noCache, exchange.control.maxAge == nil, exchange.control.minFresh == nil,
              exchange.control.maxStale == nil
        else { return false }
        return stored.age(at: now) - stored.freshnessLifetime <= Double(window)
    }

    /// Revalidates `stored` in a task of its own, one per key at a time, reading the answer to its end so
    /// that it is stored (or the stored response refreshed by a `304`).
    ///
    /// NOTE: the task outlives the request that started it — that is what the directive asks for — but
    /// not a minute: a request with no timeout of its own gets one, so a server that stalls cannot keep the
    /// refresh (and its key) forever. A failure only leaves the stale response for the next request to
    /// revalidate. One refresh per URL and credential at a time; a HEAD starts none (its answer would
    /// not be stored).
    func revalidateInBackground(_ stored: CachedResponse, _ exchange: Exchange, next: Next) {
        guard exchange.request.method == .get else { return }
        let flight = exchange.key + "\u{0}" + (exchange.identity ?? "")
        guard revalidating.withLock({ $0.insert(flight).inserted }) else { return }
        var request = exchange.request
        if request.options.timeout == nil { request.options.timeout = .seconds(60) }
        let bounded = Exchange(request: request, key: exchange.key, control: exchange.control)
        let limit = configuration.maxEntrySize
        Task { [revalidating] in
            defer { revalidating.withLock { _ = $0.remove(flight) } }
            guard let response = try? await revalidate(stored, bounded, next: next) else { return }
            _ = try? await response.body.collect(upTo: limit + 1)
        }
    }
}
