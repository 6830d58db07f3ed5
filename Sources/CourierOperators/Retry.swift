import Courier
import HTTPTypes

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
///   - isRetryable: which errors deserve another attempt; `nil` uses the policy's statuses, error
///     kinds and methods (see `RetryPolicy.allowsRetry(after:)`).
public func retry<Input, Output: Sendable>(
    _ makeCall: @escaping @Sendable (Input) -> Call<Output>,
    policy: RetryPolicy = .default,
    clock: some Clock<Duration> = ContinuousClock(),
    isRetryable: (@Sendable (any Error) -> Bool)? = nil
) -> @Sendable (Input) -> Call<Output> {
    let isRetryable = isRetryable ?? { error in policy.allowsRetry(after: error) }
    return { input in makeCall(input).retry(policy, clock: clock, isRetryable: isRetryable) }
}

extension RetryPolicy {
    /// Whether a call that failed with `error` may run again under this policy, the same judgement
    /// `Client.retrying(_:clock:)` makes about a response or error:
    ///
    /// - never after cancellation, nor after an error that another attempt cannot fix (an invalid URL,
    ///   a bad header, a body that does not decode);
    /// - after `NetworkError.Kind.unacceptableStatus(_:)` with one of `retryableStatuses`, or an
    ///   error kind in `retryableErrors`, when sending again is safe: the request's method is one of
    ///   `retryableMethods`, it carries an `Idempotency-Key`, `retriesNonIdempotentRequests` is on,
    ///   or it could not even connect (the server never saw it);
    /// - after any error that is not a `NetworkError` (the call may do other work than HTTP).
    public func allowsRetry(after error: any Error) -> Bool {
        guard let error = error as? NetworkError else { return isRetryable(error) }
        switch error.kind {
        case .unacceptableStatus(let code):
            return retryableStatuses.contains(code) && mayResend(error.request)
        case let kind where retryableErrors.contains(kind):
            // A request that never reached the server can always go again.
            return kind == .cannotConnect || mayResend(error.request)
        default:
            return false
        }
    }

    /// Whether `request` may be sent twice; an unknown request is not HTTP work, so it may.
    private func mayResend(_ request: ClientRequest?) -> Bool {
        guard let request else { return true }
        return retriesNonIdempotentRequests
            || retryableMethods.contains(request.method)
            || request.head.headerFields[Self.idempotencyKey] != nil
    }

    private static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
