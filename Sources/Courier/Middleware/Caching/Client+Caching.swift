extension Client {
    /// A client with a private HTTP cache (RFC 9111) for GET and HEAD requests.
    ///
    /// A fresh stored response (`max-age`, `Expires`) is returned without asking the server; a stale one
    /// with an `ETag` or `Last-Modified` is revalidated, and a `304` returns the stored body as its
    /// original status. `no-store` is never stored, `no-cache` is always revalidated, `Vary` selects among
    /// variants (`Vary: *` is never served), a request for one byte range is cut from a fresh stored
    /// `200` (a `206` from the server and other conditional requests are passed through, never stored),
    /// `stale-while-revalidate` and `stale-if-error` are honoured, `Set-Cookie` is never stored, and a
    /// successful POST, PUT, PATCH or DELETE removes the entries of its URL and of its same-origin
    /// `Location` and `Content-Location`. The DocC article "HTTP caching" lists every requirement.
    ///
    /// A stored response is only ever served to a request with the same credentials (`Authorization`,
    /// `Proxy-Authorization`, `Cookie`), and one to a request with `Authorization` is stored only if it
    /// says `public`, `s-maxage` or `must-revalidate` (RFC 9111 §3.5). Put the cache *inside* the layer
    /// that adds credentials, so that it sees them; a response whose credentials were added below the
    /// cache is never stored:
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .caching(in: MemoryCacheStore(maxBytes: 20 * 1024 * 1024))
    ///     .authorizing(with: .bearer(tokens))    // outside: the cache sees the Authorization it adds
    ///     .targeting(.production)
    /// ```
    ///
    /// Each request can choose how it uses the cache with ``RequestOptions/cachePolicy``, and every
    /// response says where it came from in ``ClientResponse/cacheStatus``. A response is stored when
    /// its body has been read to the end; one read partly, or larger than
    /// ``CacheConfiguration/maxEntrySize``, is not.
    ///
    /// - Parameters:
    ///   - store: where responses are kept: ``MemoryCacheStore`` or ``DiskCacheStore``.
    ///   - configuration: heuristic freshness and the largest entry.
    ///   - clock: the time that ages entries; a test clock in tests.
    public func caching(
        in store: some CacheStore,
        configuration: CacheConfiguration = .default,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        with(Caching(store: store, configuration: configuration, dates: ClockDates(clock), lookUpAtOnce: immediateLookUp(in: store)))
    }
}
