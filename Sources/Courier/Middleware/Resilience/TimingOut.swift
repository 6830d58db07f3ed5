/// The middleware behind ``Client/timingOut(after:clock:)``.
struct TimingOut<C: Clock<Duration>>: Middleware {
    let limit: Duration
    let clock: C

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let own = Deadline(after: limit, clock: clock)
        let deadline = Deadline.earliest(request.options.deadline, own)
        let remaining = deadline.remaining
        guard remaining > .zero else {
            throw NetworkError(.timedOut, message: "the deadline had passed before the request was sent.", request: request)
        }
        var request = request
        request.options.deadline = deadline
        // The transport enforces what is left while it streams the body, after this layer has returned.
        request.options.timeout = min(request.options.timeout ?? remaining, remaining)
        let limit = limit
        return try await withThrowingTaskGroup(of: ClientResponse?.self) { group in
            group.addTask { [request] in try await next(request) }
            group.addTask { [clock] in
                try await clock.sleep(for: remaining)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next()! else {
                throw NetworkError(.timedOut, message: "no response within the \(limit) set by timingOut(after:); the transfer was cancelled.", request: request)
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
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .retrying(.constant(.milliseconds(500), maxAttempts: 5))
    ///     .timingOut(after: .seconds(3))         // five attempts or three seconds, whichever ends first
    /// ```
    public func timingOut(after limit: Duration, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        precondition(limit > .zero, "a timeout must be positive")
        return with(TimingOut(limit: limit, clock: clock))
    }
}
