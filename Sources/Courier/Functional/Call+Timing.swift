extension Call {
    /// A call that runs this one again after each retryable failure, under `policy`'s backoff, waiting
    /// on `clock` — retry as a higher-order function that knows nothing of networking, as in
    /// FunNetworking. (For HTTP requests, ``Client/retrying(_:clock:)`` also knows methods, statuses and
    /// `Retry-After`; a call retries whatever it does.)
    ///
    /// - Parameters:
    ///   - policy: the backoff and the most attempts.
    ///   - clock: the time the backoff waits on; a test clock in tests.
    ///   - isRetryable: which errors deserve another attempt; by default any but cancellation, and a
    ///     ``NetworkError`` only of a kind in the policy's ``RetryPolicy/retryableErrors``.
    public func retry(
        _ policy: RetryPolicy = .default,
        clock: some Clock<Duration> = ContinuousClock(),
        isRetryable: (@Sendable (any Error) -> Bool)? = nil
    ) -> Call {
        Call {
            try await withRetries(policy, clock: clock, isRetryable: isRetryable) {
                try await self.run()
            }
        }
    }

    /// A call that runs this one again after a failure for which `decide` allows another attempt:
    /// after `policy`'s backoff on ``RetryDecision/retry``, after the given wait on
    /// ``RetryDecision/retryAfter(_:)``, never past `policy`'s ``RetryPolicy/maxAttempts``,
    /// ``RetryPolicy/maxElapsedTime`` or ``RetryPolicy/maxRetryAfter``. A ``RetryDecision/stop(reason:)``
    /// with a reason is added to a ``NetworkError``'s message, as ``Client/retrying(_:clock:)`` does.
    ///
    /// Use it to give a call the same judgement as the retrying middleware:
    ///
    /// ```swift
    /// let policy = RetryPolicy.exponential(base: .milliseconds(200))
    /// let call = Call { try await client.send(request) }.retry(policy) { error in
    ///     policy.decision(for: .failure(error), request: request)
    /// }
    /// ```
    public func retry(
        _ policy: RetryPolicy = .default,
        clock: some Clock<Duration> = ContinuousClock(),
        deciding decide: @escaping @Sendable (any Error) -> RetryDecision
    ) -> Call {
        Call {
            try await RetryLoop(policy: policy, clock: clock).run { _ in
                try await self.run()
            } classify: { outcome in
                guard case .failure(let error) = outcome else { return .stop(reason: nil) }
                return decide(error)
            }
        }
    }

    /// A call that fails with ``NetworkError/Kind/timedOut`` when this one has not finished within
    /// `limit` on `clock`; the work is cancelled then.
    public func timeout(after limit: Duration, clock: some Clock<Duration> = ContinuousClock()) -> Call {
        Call {
            try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask { try await self.run() }
                group.addTask {
                    try await clock.sleep(for: limit)
                    return nil
                }
                defer { group.cancelAll() }
                guard let value = try await group.next()! else {
                    throw NetworkError(.timedOut, message: "the call did not finish within \(limit); it was cancelled.")
                }
                return value
            }
        }
    }

    /// A call that waits `delay` on `clock`, then runs this one.
    public func delay(by delay: Duration, clock: some Clock<Duration> = ContinuousClock()) -> Call {
        Call {
            try await clock.sleep(for: delay)
            return try await self.run()
        }
    }
}
