import Foundation
import HTTPTypes

/// When and how often a failed request is sent again: a value, so one policy can serve many clients, be
/// overridden per request (``RequestOptions/retryPolicy``), or drive any `async` work through
/// ``withRetries(_:clock:isRetryable:operation:)``.
///
/// ```swift
/// let client = Client(transport: URLSessionTransport())
///     .retrying(.exponential(base: .milliseconds(200), maxAttempts: 4, jitter: true))
///
/// var once = RetryPolicy.never            // this one request is not retried
/// var request = try ClientRequest(.get, url: "https://example.com/slow")
/// request.options.retryPolicy = once
/// ```
///
/// ## What is retried
///
/// A response whose status is in ``retryableStatuses`` (408, 429, 500, 502, 503, 504) or an error whose
/// kind is in ``retryableErrors`` (no connection, cannot connect, connection closed, timed out) — and only
/// when sending again is safe:
///
/// - the method is idempotent (``retryableMethods``: GET, HEAD, OPTIONS, PUT, DELETE, TRACE), or the
///   request carries an `Idempotency-Key` header, or ``retriesNonIdempotentRequests`` is on; a POST that
///   could not even connect is retried too, since the server never saw it;
/// - the body can be sent again: a ``RequestBody/singlePass(length:_:)`` stream never is, and the error
///   says so.
///
/// That judgement is one function, ``decision(for:request:)``, which ``Client/retrying(_:clock:)`` and
/// CourierOperators' `retry` both ask; ``isIdempotent(_:)`` is its test of the method and header.
///
/// ## When
///
/// After ``backoff``'s delay, or after the server's `Retry-After` (seconds or an HTTP date) when it sends
/// one. A `Retry-After` longer than ``maxRetryAfter`` ends the retries rather than being shortened: the
/// server asked not to be called sooner. No retry starts past ``maxAttempts``, ``maxElapsedTime``, the
/// request's ``RequestOptions/deadline``, or the ``budget``; the caller then gets the last response (a
/// 503 with its body, up to 64 KiB of it) or the last error, whose message says why it was not retried.
///
/// ## Offline
///
/// With ``offline`` set (``waitingForConnectivity(maxWait:monitor:)``), a request that failed because the
/// server could not be reached (``OfflineRetry/isOffline(_:)``: no network, refused, no route, DNS) waits
/// until the network answers again instead of spending its attempts, then is sent again at once, whatever
/// its method: see ``OfflineRetry``.
public struct RetryPolicy: Sendable {
    /// The wait before each retry, when the server does not say.
    public var backoff: any BackoffStrategy
    /// The most attempts, the first one included; 1 means no retry.
    public var maxAttempts: Int
    /// The longest time from the first attempt after which no retry starts; `nil` for no limit.
    public var maxElapsedTime: Duration?
    /// Statuses that are worth another attempt.
    public var retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// Error kinds that are worth another attempt.
    public var retryableErrors: Set<NetworkError.Kind> = [.notConnected, .cannotConnect, .connectionClosed, .timedOut]
    /// Methods that may be sent twice without changing the outcome.
    public var retryableMethods: Set<HTTPRequest.Method> = HTTPRequest.Method.idempotentMethods
    /// Retries any method, POST and PATCH included. Off: a mutation that may have reached the server
    /// is never sent again unless it carries an `Idempotency-Key`.
    public var retriesNonIdempotentRequests = false
    /// Adds an `Idempotency-Key` header (a new UUID per call, the same on every attempt) to POST and
    /// PATCH requests that have none, which makes them retryable against servers that honour it.
    public var addsIdempotencyKeys = false
    /// Whether a `Retry-After` header sets the wait.
    public var honoursRetryAfter = true
    /// The longest `Retry-After` honoured; a longer one ends the retries.
    public var maxRetryAfter: Duration = .seconds(60)
    /// Caps retries at a share of recent traffic per host; `nil` for no cap.
    public var budget: RetryBudget? = RetryBudget()
    /// Waits for the network after a failure that means it could not be reached, and sends again once it
    /// answers, without spending an attempt; `nil` (the default) retries such a failure like any other.
    /// See ``OfflineRetry``.
    public var offline: OfflineRetry?
    /// The random source for jitter; inject a seeded one to make tests repeatable.
    public var makeRandomNumberGenerator: @Sendable () -> any RandomNumberGenerator = { SystemRandomNumberGenerator() }
    /// Makes the value of an added `Idempotency-Key`.
    public var makeIdempotencyKey: @Sendable () -> String = { UUID().uuidString }
    /// The wall-clock time, to read a `Retry-After` given as a date.
    public var currentDate: @Sendable () -> Date = { Date() }

    /// A policy with `backoff`, at most `maxAttempts` attempts and the defaults above.
    public init(backoff: some BackoffStrategy, maxAttempts: Int = 3, maxElapsedTime: Duration? = nil) {
        precondition(maxAttempts >= 1, "maxAttempts counts the first attempt, so it is at least 1")
        self.backoff = backoff
        self.maxAttempts = maxAttempts
        self.maxElapsedTime = maxElapsedTime
    }

    /// Retries at once.
    public static func immediate(maxAttempts: Int = 3) -> RetryPolicy {
        RetryPolicy(backoff: ImmediateBackoff(), maxAttempts: maxAttempts)
    }

    /// Waits `delay` before each retry.
    public static func constant(_ delay: Duration, maxAttempts: Int = 3) -> RetryPolicy {
        RetryPolicy(backoff: ConstantBackoff(delay), maxAttempts: maxAttempts)
    }

    /// Waits `step`, then `2 × step`, `3 × step`, …
    public static func linear(step: Duration, maxAttempts: Int = 3) -> RetryPolicy {
        RetryPolicy(backoff: LinearBackoff(step: step), maxAttempts: maxAttempts)
    }

    /// Waits `base`, then twice as long each time, up to `maximum`; with `jitter`, a random part of that.
    public static func exponential(
        base: Duration,
        maxAttempts: Int = 3,
        maximum: Duration = .seconds(30),
        jitter: Bool = false
    ) -> RetryPolicy {
        RetryPolicy(backoff: ExponentialBackoff(base: base, maximum: maximum, jitter: jitter), maxAttempts: maxAttempts)
    }

    /// One attempt, no retry: the per-request way to switch a client's retries off.
    public static let never = RetryPolicy(backoff: ImmediateBackoff(), maxAttempts: 1)

    /// Three attempts, exponential backoff from 200 ms with full jitter, under the default budget.
    public static let `default` = RetryPolicy.exponential(base: .milliseconds(200), maxAttempts: 3, jitter: true)

    /// Whether `error` is worth another attempt under this policy, whatever the request: a
    /// ``NetworkError`` whose kind is in ``retryableErrors``, or any other error except cancellation.
    /// The default test of ``withRetries(_:clock:isRetryable:operation:)``.
    public func isRetryable(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError: false
        case let error as NetworkError: retryableErrors.contains(error.kind)
        default: true
        }
    }
}

enum RetryPolicyOptionKey: RequestOptionKey {
    static let defaultValue: RetryPolicy? = nil
}

extension RequestOptions {
    /// The retry policy for this request, replacing the one ``Client/retrying(_:clock:)`` was given;
    /// `nil` (the default) keeps the client's. ``RetryPolicy/never`` turns retries off for this request.
    public var retryPolicy: RetryPolicy? {
        get { self[RetryPolicyOptionKey.self] }
        set { self[RetryPolicyOptionKey.self] = newValue }
    }
}
