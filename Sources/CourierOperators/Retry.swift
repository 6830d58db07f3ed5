import Courier

/// Retry as a higher-order function: takes a function that makes calls and returns one whose calls run
/// again after each retryable failure, under `policy`'s backoff, waiting on `clock` — FunNetworking's
/// `retry(requestAsyncR, retries: 3, debounce: .linear(5))`.
///
/// ```swift
/// "\(base)/agify?name=\(name)"
///     |>  URL.init(string:)
///     >=> request(timeout: .seconds(30))
///     |>  retry(client.requestCall, policy: .linear(step: .seconds(2), maxAttempts: 3))
///     <&> decodeJSON(AgeGuess.self)
/// ```
///
/// FunNetworking's `.linear(n)` waits the same n seconds before each retry: that is
/// `RetryPolicy.constant(_:maxAttempts:)`; Courier's `RetryPolicy.linear(step:maxAttempts:)` waits
/// one step longer each time. For a whole client (budgets, `Retry-After`, idempotency keys) prefer
/// `Client.retrying(_:clock:)`; this retries one pipeline.
///
/// - Parameters:
///   - makeCall: the function to retry, such as `Client.requestCall(_:)`. It is asked once per
///     input; the call it makes is run once per attempt.
///   - policy: how many attempts and how long to wait between them.
///   - clock: the clock the waits run on; inject a test clock so that tests never wait.
///   - isRetryable: which errors deserve another attempt; `nil` asks the policy's one decision,
///     `RetryPolicy.decision(for:request:)`, the same that `Client.retrying(_:clock:)` makes: its
///     statuses, error kinds, methods, bodies and `Retry-After` (see `RetryPolicy.allowsRetry(after:)`).
public func retry<Input, Output: Sendable>(
    _ makeCall: @escaping @Sendable (Input) -> Call<Output>,
    policy: RetryPolicy = .default,
    clock: some Clock<Duration> = ContinuousClock(),
    isRetryable: (@Sendable (any Error) -> Bool)? = nil
) -> @Sendable (Input) -> Call<Output> {
    guard let isRetryable else {
        return { input in makeCall(input).retry(policy, clock: clock, deciding: policy.retryDecision(after:)) }
    }
    return { input in makeCall(input).retry(policy, clock: clock, isRetryable: isRetryable) }
}

extension RetryPolicy {
    /// Whether a call that failed with `error` may run again under this policy: the judgement
    /// `Client.retrying(_:clock:)` makes about a response or error, `RetryPolicy.decision(for:request:)`,
    /// asked about the request the error carries:
    ///
    /// - never after cancellation, nor after an error that another attempt cannot fix (an invalid URL,
    ///   a bad header, a body that does not decode);
    /// - after `NetworkError.Kind.unacceptableStatus(_:)` with one of `retryableStatuses`, or an
    ///   error kind in `retryableErrors`, when sending again is safe: the body can be sent again, and
    ///   the request is idempotent (`RetryPolicy.isIdempotent(_:)`), `retriesNonIdempotentRequests` is
    ///   on, or it could not even connect (`cannotConnect`, `notConnected`: the server never saw it);
    /// - after a `NetworkError` that carries no request (a pipeline's own timeout), only when it proves
    ///   nothing was sent (`cannotConnect`, `notConnected`) or `retriesNonIdempotentRequests` is on: the
    ///   request it cut off may have been a write the server applied;
    /// - after any error that is not a `NetworkError` (the call may do other work than HTTP), except
    ///   cancellation.
    public func allowsRetry(after error: any Error) -> Bool {
        retryDecision(after: error).allowsRetry
    }

    /// The policy's decision about a failed call: a `NetworkError` is judged with the request it
    /// carries; other work is retried unless it was cancelled (`isRetryable(_:)`).
    func retryDecision(after error: any Error) -> RetryDecision {
        guard let failure = error as? NetworkError else { return isRetryable(error) ? .retry : .stop(reason: nil) }
        return decision(for: .failure(failure), request: failure.request)
    }
}
