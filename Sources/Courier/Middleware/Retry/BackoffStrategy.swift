/// How long to wait before each retry. Conform to it for a schedule of your own.
///
/// ```swift
/// /// Waits 1 s, 2 s, 3 s, 5 s, 8 s, …
/// struct FibonacciBackoff: BackoffStrategy {
///     func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration {
///         var (a, b) = (1, 2)
///         for _ in 1..<max(retry, 1) { (a, b) = (b, a + b) }
///         return .seconds(a)
///     }
/// }
///
/// let policy = RetryPolicy(backoff: FibonacciBackoff(), maxAttempts: 5)
/// ```
public protocol BackoffStrategy: Sendable {
    /// The wait before retry number `retry`: 1 before the second attempt, 2 before the third, …
    ///
    /// - Parameters:
    ///   - retry: which retry this is: 1 before the second attempt.
    ///   - random: the policy's random source, for jitter; using it (rather than the system's)
    ///     keeps tests repeatable.
    func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration
}

/// Retries at once.
public struct ImmediateBackoff: BackoffStrategy {
    /// Creates the strategy.
    public init() {}

    public func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration {
        .zero
    }
}

/// Waits the same time before every retry. (FunNetworking's `.linear(n)`, which pauses n seconds before
/// each retry, is this one.)
public struct ConstantBackoff: BackoffStrategy {
    /// The wait before each retry.
    public var delay: Duration

    /// Creates the strategy.
    public init(_ delay: Duration) {
        precondition(delay >= .zero, "a backoff delay must not be negative")
        self.delay = delay
    }

    public func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration {
        delay
    }
}

/// Waits one step longer before each retry: `step`, `2 × step`, `3 × step`, …
public struct LinearBackoff: BackoffStrategy {
    /// How much longer each wait is than the one before.
    public var step: Duration

    /// Creates the strategy.
    public init(step: Duration) {
        precondition(step >= .zero, "a backoff step must not be negative")
        self.step = step
    }

    public func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration {
        step * max(retry, 1)
    }
}

/// Doubles the wait before each retry (`base`, `2 × base`, `4 × base`, …) up to `maximum`; with
/// `jitter`, each wait is drawn uniformly from zero to that value ("full jitter"), so that many clients
/// failing together do not retry together.
public struct ExponentialBackoff: BackoffStrategy {
    /// The wait before the first retry (its upper bound with jitter).
    public var base: Duration
    /// The factor between one wait and the next.
    public var multiplier: Double
    /// The longest wait.
    public var maximum: Duration
    /// Whether each wait is drawn at random from `0...wait`.
    public var jitter: Bool

    /// Creates the strategy.
    public init(base: Duration, multiplier: Double = 2, maximum: Duration = .seconds(30), jitter: Bool = false) {
        precondition(base >= .zero && maximum >= .zero, "backoff durations must not be negative")
        precondition(multiplier >= 1, "a backoff multiplier must be at least 1")
        self.base = base
        self.multiplier = multiplier
        self.maximum = maximum
        self.jitter = jitter
    }

    public func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration {
        // Capped while growing, so a large retry number never overflows.
        let growth = (1..<max(retry, 1)).reduce(1.0) { factor, _ in min(factor * multiplier, 1e9) }
        let ceiling = min(base * growth, maximum)
        guard jitter else { return ceiling }
        return ceiling * Double.random(in: 0...1, using: &random)
    }
}
