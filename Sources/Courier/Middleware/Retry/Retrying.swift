import Foundation
import HTTPTypes

/// The middleware behind ``Client/retrying(_:clock:)``.
struct Retrying<C: Clock<Duration>>: Middleware {
    let policy: RetryPolicy
    let clock: C
    let ledger: RetryBudgetLedger<C.Instant>

    init(policy: RetryPolicy, clock: C) {
        self.policy = policy
        self.clock = clock
        ledger = RetryBudgetLedger(origin: clock.now)
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let policy = request.options.retryPolicy ?? self.policy
        var request = request
        if policy.addsIdempotencyKeys, request.method == .post || request.method == .patch,
           request.head.headerFields[.idempotencyKey] == nil {
            request.head.headerFields[.idempotencyKey] = policy.makeIdempotencyKey()
        }
        guard policy.maxAttempts > 1 || policy.offline != nil else { return try await next(request) }

        let host = request.head.authority ?? ""
        let loop = RetryLoop(policy: policy, clock: clock, deadline: request.options.deadline)
        let budget = policy.budget
        if let budget {
            ledger.deposit(for: host, budget: budget, now: clock.now)
        }
        // A download reads its body after this layer has returned; it continues one that breaks off
        // under this policy (see DownloadResumer).
        if let slot = request.options[DownloadResumerSlotKey.self] {
            let ledger = ledger, clock = clock
            slot.offer(RetryingDownloadResumer(loop: loop) {
                guard let budget else { return true }
                return ledger.withdraw(for: host, budget: budget, now: clock.now)
            })
        }
        // NOTE: a relative request (no layer gave it a server) has no host to wait for: its offline errors
        // are retried like any other.
        var waitForNetwork: ((Duration) async throws -> Connectivity)?
        if let offline = policy.offline, let target = ConnectivityTarget(request: request) {
            let monitor = offline.monitor, clock = clock
            waitForNetwork = { maxWait in
                try await monitor.waitForConnectivity(to: target, within: maxWait, clock: clock)
            }
        }
        return try await loop.run(
            attempt: { number in
                guard number > 1 else { return try await next(request) }
                var attempt = request
                attempt.options.attempt = number
                request.announceAttempt(number)
                return try await next(attempt)
            },
            classify: { outcome in
                policy.decision(for: outcome, request: request)
            },
            withdrawFromBudget: {
                guard let budget else { return true }
                return ledger.withdraw(for: host, budget: budget, now: clock.now)
            },
            settle: { response in
                await response.releasingBody()
            },
            waitForNetwork: waitForNetwork
        )
    }
}

extension Client {
    /// A client that sends a failed request again under `policy`, waiting on `clock` between attempts.
    ///
    /// Only what is safe is retried: see ``RetryPolicy`` for which statuses, errors, methods and bodies.
    /// Layers inside this one see every attempt (``RequestOptions/attempt`` says which); layers outside
    /// see one call. Put ``timingOut(after:clock:)`` inside for a limit per attempt and outside for a
    /// deadline over all of them, waits included. A policy that waits for the network
    /// (``RetryPolicy/waitingForConnectivity(maxWait:monitor:)``) waits on `clock` too.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .timingOut(after: .seconds(2))                                  // each attempt
    ///     .retrying(.exponential(base: .milliseconds(200), maxAttempts: 4, jitter: true))
    ///     .timingOut(after: .seconds(10))                                 // the whole call
    /// ```
    public func retrying(_ policy: RetryPolicy = .default, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        with(Retrying(policy: policy, clock: ErasedClock(clock)))
    }
}
