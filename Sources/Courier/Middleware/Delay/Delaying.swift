/// The middleware behind ``Client/delayed(by:clock:)``.
struct Delaying<C: Clock<Duration>>: Middleware {
    let delay: Duration
    let clock: C

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await clock.sleep(for: delay)
        return try await next(request)
    }
}

extension Client {
    /// A client that waits `delay` on `clock` before sending each request: for demos, for trying a UI
    /// against a slow network, and for tests that need a request to be in flight for a while.
    ///
    /// ```swift
    /// let slow = client.delayed(by: .milliseconds(800))
    /// ```
    ///
    /// Cancelling the task during the wait ends it at once with ``NetworkError/Kind/cancelled``; nothing
    /// is sent.
    public func delayed(by delay: Duration, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        precondition(delay >= .zero, "a delay must not be negative")
        return with(Delaying(delay: delay, clock: ErasedClock(clock)))
    }
}
