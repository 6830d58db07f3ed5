/// What a rate limiter does with a request that is over the limit.
public enum RateLimitOverflow: Sendable, Hashable {
    /// Waits until the request fits (the default).
    case wait
    /// Fails at once with ``NetworkError/Kind/rateLimited``; nothing is sent.
    case fail
}

/// The middleware behind ``Client/rateLimited(_:per:perHost:whenExceeded:clock:)``: a token bucket kept as
/// the "generic cell rate" it is equivalent to, one instant per key, so waiting needs no timer.
struct RateLimiting<C: Clock<Duration>>: Middleware {
    let limit: Int
    let interval: Duration
    let perHost: Bool
    let overflow: RateLimitOverflow
    let clock: C
    /// The instant each key's bucket is next empty-and-refilled-by-one ("theoretical arrival time").
    let buckets = Locked<[String: C.Instant]>([:])

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let key = perHost ? request.head.authority ?? "" : ""
        let spacing = interval / limit
        let booking: (wait: Duration, turn: C.Instant)? = buckets.withLock { buckets in
            let now = clock.now
            let due = max(buckets[key] ?? now, now)
            let wait = now.duration(to: due.advanced(by: spacing - interval))
            if wait > .zero, overflow == .fail { return nil }
            buckets[key] = due.advanced(by: spacing)
            return (max(wait, .zero), due.advanced(by: spacing))
        }
        guard let (wait, turn) = booking else {
            throw NetworkError(.rateLimited, message: "more than \(limit) requests in \(interval); the request was not sent.", request: request)
        }
        if wait > .zero {
            do {
                try await clock.sleep(for: wait)
            } catch {
                // The turn is given back when it is still the last one booked; once a later caller has
                // booked after it, giving it back would let a window hold one request too many.
                buckets.withLock { buckets in
                    if buckets[key] == turn { buckets[key] = turn.advanced(by: .zero - spacing) }
                }
                throw error
            }
        }
        return try await next(request)
    }
}

extension Client {
    /// A client that sends at most `limit` requests per `interval` (a token bucket that refills
    /// steadily, allowing a burst of `limit`), overall or, with `perHost`, to each host.
    ///
    /// Over the limit, a request waits on `clock` for its turn, in arrival order, unless `overflow` is
    /// ``RateLimitOverflow/fail``. A waiter cancelled during its wait gives its turn back when nobody has
    /// booked a later one.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .rateLimited(10, per: .seconds(1))            // the API allows 10 requests a second
    /// ```
    public func rateLimited(
        _ limit: Int,
        per interval: Duration,
        perHost: Bool = false,
        whenExceeded overflow: RateLimitOverflow = .wait,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        precondition(limit > 0 && interval > .zero, "a rate limit needs a positive count and interval")
        return with(RateLimiting(limit: limit, interval: interval, perHost: perHost, overflow: overflow, clock: ErasedClock(clock)))
    }
}
