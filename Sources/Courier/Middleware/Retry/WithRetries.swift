/// Runs `operation` under `policy`: again after each retryable error, waiting on `clock` between
/// attempts, until it succeeds or the policy gives up. Retry knows nothing of networking: any `async`
/// work can use it. (The policy's ``RetryPolicy/budget`` is not used here: a budget counts the traffic to
/// a host, which only a ``Client/retrying(_:clock:)`` layer sees.)
///
/// ```swift
/// let config = try await withRetries(.exponential(base: .milliseconds(100), maxAttempts: 5)) {
///     try await loadConfiguration(from: disk)
/// }
/// ```
///
/// - Parameters:
///   - policy: the backoff, the most attempts and the time limit.
///   - clock: the time the backoff waits on; a test clock in tests.
///   - isRetryable: whether an error deserves another attempt; `nil` (the default) asks the policy's
///     ``RetryPolicy/isRetryable(_:)`` (any error but cancellation, and a ``NetworkError`` only of a
///     retryable kind).
///   - operation: the work; it is given nothing and run once per attempt.
/// - Returns: the first value `operation` returns.
/// - Throws: the last error when the policy gives up (a ``NetworkError`` also records the attempt and
///   why no retry followed), or `CancellationError` when the task is cancelled during a wait.
nonisolated(nonsending) public func withRetries<T>(
    _ policy: RetryPolicy = .default,
    clock: some Clock<Duration> = ContinuousClock(),
    isRetryable: ((any Error) -> Bool)? = nil,
    operation: () async throws -> T
) async throws -> T {
    let isRetryable = isRetryable ?? policy.isRetryable
    let loop = RetryLoop(policy: policy, clock: clock)
    return try await loop.run { _ in
        try await operation()
    } classify: { outcome in
        guard case .failure(let error) = outcome, isRetryable(error) else { return .stop(reason: nil) }
        return .retry
    }
}
