/// What a ``RetryPolicy`` makes of one attempt's outcome (``RetryPolicy/decision(for:request:)``): send
/// again, send again after the server's wait, or stop.
///
/// ```swift
/// switch policy.decision(for: .success(response), request: request) {
/// case .retry: print("worth another attempt, after the backoff")
/// case .retryAfter(let wait): print("the server asked to wait \(wait)")
/// case .stop(reason: nil): print("final: another attempt would not change it")
/// case .stop(reason: let why?): print("worth another attempt, but not safe: \(why)")
/// }
/// ```
public enum RetryDecision: Sendable, Equatable {
    /// Worth another attempt, after the policy's ``RetryPolicy/backoff``.
    case retry
    /// Worth another attempt, after `delay`: the server said how long (`Retry-After`).
    case retryAfter(Duration)
    /// No further attempt. `reason` is `nil` when the outcome is final (a success, a 404, an error no
    /// attempt can fix); it says why when another attempt would be worth making but sending the request
    /// again is not safe (a single-pass body, a method that is not idempotent). Retry adds it to the
    /// error's message with ``NetworkError/adding(note:)``.
    case stop(reason: String?)

    /// Whether another attempt may follow, now or after a wait.
    public var allowsRetry: Bool {
        if case .stop = self { return false }
        return true
    }
}
