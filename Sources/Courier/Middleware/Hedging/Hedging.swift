import HTTPTypes

/// When ``Client/hedging(_:clock:)`` sends another copy of a request that has not answered yet.
public struct HedgingPolicy: Sendable {
    enum Delay: Sendable {
        case fixed(Duration)
        case percentile(Double, fallback: Duration, minimumSamples: Int)
    }

    let delay: Delay
    /// The most copies of one request in flight, the first included.
    public var maxAttempts: Int
    /// Methods that may be hedged: sending them twice must be harmless. GET and HEAD.
    public var methods: Set<HTTPRequest.Method> = [.get, .head]

    /// Sends another copy each time `delay` passes without an answer, up to `maxAttempts` copies.
    public static func after(_ delay: Duration, maxAttempts: Int = 2) -> HedgingPolicy {
        precondition(delay >= .zero && maxAttempts >= 1, "hedging needs a non-negative delay and at least one attempt")
        return HedgingPolicy(delay: .fixed(delay), maxAttempts: maxAttempts)
    }

    /// Sends another copy once the request has taken longer than `percentile` (0.95 for p95) of this
    /// client's recent answers, so only the slowest few percent are hedged; `fallback` until
    /// `minimumSamples` answers have been seen.
    public static func percentile(
        _ percentile: Double,
        fallback: Duration,
        minimumSamples: Int = 20,
        maxAttempts: Int = 2
    ) -> HedgingPolicy {
        precondition((0...1).contains(percentile), "a percentile is between 0 and 1")
        precondition(fallback >= .zero && maxAttempts >= 1, "hedging needs a non-negative delay and at least one attempt")
        return HedgingPolicy(delay: .percentile(percentile, fallback: fallback, minimumSamples: max(minimumSamples, 1)), maxAttempts: maxAttempts)
    }
}

/// The middleware behind ``Client/hedging(_:clock:)``.
struct Hedging<C: Clock<Duration>>: Middleware {
    private enum Event: Sendable {
        case answered(Result<ClientResponse, any Error>)
        case hedgeDue
        case timerStopped
    }

    let policy: HedgingPolicy
    let clock: C
    /// The latest answer times, for percentile delays.
    private let latencies = Locked(LatencyWindow())

    init(policy: HedgingPolicy, clock: C) {
        self.policy = policy
        self.clock = clock
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // A WebSocket opening is not hedged: each extra attempt would be a connection opened to be dropped.
        guard policy.maxAttempts > 1, policy.methods.contains(request.method), request.body.isReplayable,
              request.options.webSocket == nil else {
            return try await next(request)
        }
        let delay = hedgeDelay()
        let start = clock.now
        let response: ClientResponse = try await withThrowingTaskGroup(of: Event.self) { group in
            var launched = 0
            func launch() {
                launched += 1
                var attempt = request
                attempt.options.attempt = launched
                if launched > 1 { request.announceAttempt(launched) }
                group.addTask { [attempt] in
                    do { return .answered(.success(try await next(attempt))) } catch { return .answered(.failure(error)) }
                }
                if launched < policy.maxAttempts {
                    group.addTask { [clock] in
                        do { try await clock.sleep(for: delay) } catch { return .timerStopped }
                        return .hedgeDue
                    }
                }
            }
            launch()
            var pending = 1
            // A server error (5xx) or a failure waits while another copy may still succeed.
            while let event = try await group.next() {
                switch event {
                case .answered(.success(let response)) where response.status.kind != .serverError:
                    group.cancelAll()
                    return response
                case .answered(let failure):
                    pending -= 1
                    if pending == 0 {
                        group.cancelAll()
                        return try failure.get()
                    }
                case .hedgeDue:
                    guard pending > 0, launched < policy.maxAttempts, request.options.deadline?.hasPassed != true else { continue }
                    launch()
                    pending += 1
                case .timerStopped:
                    continue
                }
            }
            preconditionFailure("a hedged request ended without an answer or an error")
        }
        if case .percentile = policy.delay {
            let elapsed = start.duration(to: clock.now)
            latencies.withLock { $0.record(elapsed) }
        }
        return response
    }

    private func hedgeDelay() -> Duration {
        switch policy.delay {
        case .fixed(let delay):
            return delay
        case .percentile(let percentile, let fallback, let minimumSamples):
            return latencies.withLock { $0.percentile(percentile, minimumSamples: minimumSamples) } ?? fallback
        }
    }
}

/// The last 128 answer times.
struct LatencyWindow {
    private var samples: [Duration] = []
    private var nextSlot = 0
    static let capacity = 128

    mutating func record(_ latency: Duration) {
        if samples.count < Self.capacity {
            samples.append(latency)
        } else {
            samples[nextSlot] = latency
        }
        nextSlot = (nextSlot + 1) % Self.capacity
    }

    func percentile(_ percentile: Double, minimumSamples: Int) -> Duration? {
        guard samples.count >= minimumSamples else { return nil }
        let sorted = samples.sorted()
        let index = min(Int((Double(sorted.count - 1) * percentile).rounded(.up)), sorted.count - 1)
        return sorted[index]
    }
}

extension Client {
    /// A client that, for a GET or HEAD that has not answered within the policy's delay, sends another
    /// copy, takes whichever answers first and cancels the rest: the cure for tail latency when one
    /// server of many is slow.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .hedging(.after(.milliseconds(80)))
    ///     // or: .hedging(.percentile(0.95, fallback: .milliseconds(100)))
    /// ```
    ///
    /// The first success wins: any response but a server error (5xx). A server error or a failure that
    /// arrives while another copy is in flight waits for that copy's answer; one that arrives before the
    /// next copy is due is returned as it is (retrying is ``retrying(_:clock:)``'s job). No copy starts
    /// past ``RequestOptions/deadline``.
    public func hedging(_ policy: HedgingPolicy, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        with(Hedging(policy: policy, clock: ErasedClock(clock)))
    }
}
