/// The middleware behind ``Client/timingOut(after:clock:)``.
struct TimingOut<C: Clock<Duration>>: Middleware {
    let limit: Duration
    let clock: C

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // A timeout the caller set on the request itself replaces this layer's limit (raising or lowering
        // it); one written by an outer `timingOut` layer does not, so a per-attempt limit inside `retrying`
        // keeps its own value under an overall one.
        let callerSet = request.options.timeout.flatMap { request.options.timeoutIsFromLayer ? nil : $0 }
        let limit = callerSet ?? self.limit
        let own = Deadline(after: limit, clock: clock)
        let deadline = Deadline.earliest(request.options.deadline, own)
        let remaining = deadline.remaining
        guard remaining > .zero else {
            throw NetworkError(.timedOut, message: "the deadline had passed before the request was sent.", request: request)
        }
        var request = request
        request.options.deadline = deadline
        // The transport enforces what is left while it streams the body, after this layer has returned.
        request.options.timeout = min(callerSet ?? request.options.timeout ?? remaining, remaining)
        request.options.timeoutIsFromLayer = true
        return try await withThrowingTaskGroup(of: ClientResponse?.self) { group in
            group.addTask { [request] in try await next(request) }
            group.addTask { [clock] in
                try await clock.sleep(for: remaining)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next()! else {
                let source = callerSet == nil ? "set by timingOut(after:)" : "the request's timeout"
                throw NetworkError(.timedOut, message: "no response within \(limit.readable), \(source); the transfer was cancelled.", request: request)
            }
            return response
        }
    }
}

extension Client {
    /// A client that gives up on a request after `limit` on `clock`, cancelling the transfer, with
    /// ``NetworkError/Kind/timedOut``.
    ///
    /// The limit covers everything inside this layer: placed inside ``retrying(_:clock:)`` it bounds each
    /// attempt, placed outside it is a deadline for the whole call, backoff waits included, and retry
    /// starts no attempt or wait that would pass it (``RequestOptions/deadline``). Layers nest: the
    /// earliest deadline wins. While a streamed body is read after the response has returned, the
    /// transport enforces the time left (``RequestOptions/timeout``).
    ///
    /// A request that sets ``RequestOptions/timeout`` itself gets that limit instead of `limit` from the
    /// outermost `timingOut` layer, longer or shorter: one slow export can wait a minute under a client-wide
    /// ten seconds.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .retrying(.constant(.milliseconds(500), maxAttempts: 5))
    ///     .timingOut(after: .seconds(3))         // five attempts or three seconds, whichever ends first
    /// ```
    public func timingOut(after limit: Duration, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        precondition(limit > .zero, "a timeout must be positive")
        return with(TimingOut(limit: limit, clock: ErasedClock(clock)))
    }
}
