/// The attempts-and-waits loop shared by the ``Client/retrying(_:clock:)`` middleware and
/// ``withRetries(_:clock:isRetryable:operation:)``: it knows nothing of HTTP; the caller classifies
/// each outcome.
struct RetryLoop<C: Clock<Duration>> {
    let policy: RetryPolicy
    let clock: C
    /// The caller's overall deadline, if any: no wait or attempt is started that would pass it.
    var deadline: Deadline?

    /// - Parameters:
    ///   - withdrawFromBudget: takes a token for each retry; `false` when the budget is spent.
    ///   - settle: readies a value that is set aside for a retry (and returned if none follows), so that
    ///     it holds nothing (a connection, a throttle slot) meanwhile.
    ///   - waitForNetwork: waits, at most the given time, for the network to answer (the policy's
    ///     ``OfflineRetry/monitor``, asked about the request's host); `nil` when there is nothing to wait
    ///     for, and offline errors are then retried like any other.
    nonisolated(nonsending) func run<T>(
        attempt: (_ number: Int) async throws -> T,
        classify: (Result<T, any Error>) -> RetryDecision,
        withdrawFromBudget: () -> Bool = { true },
        settle: (T) async -> T = { $0 },
        waitForNetwork: ((_ maxWait: Duration) async throws -> Connectivity)? = nil
    ) async throws -> T {
        let start = clock.now
        // Made on the first wait only: most calls never retry.
        var random: (any RandomNumberGenerator)?
        // The attempts made (the request's attempt number), and those counted against maxAttempts: a
        // resend after the network came back is not.
        var number = 1
        var spent = 1
        var offlineWait = Duration.zero
        while true {
            var outcome: Result<T, any Error>
            do {
                outcome = .success(try await attempt(number))
            } catch {
                outcome = .failure(error)
            }
            if Task.isCancelled { return try outcome.get() }
            let delay: Duration
            let serverDelay: Duration?
            switch classify(outcome) {
            case .stop(let reason):
                return try finish(outcome, attempts: number, note: reason.map { "Not retried: \($0)" })
            case .retry:
                serverDelay = nil
            case .retryAfter(let wait):
                serverDelay = wait
            }
            // The network could not be reached: wait for it rather than spend an attempt on it.
            if let waitForNetwork, let offline = policy.offline, case .failure(let error) = outcome, OfflineRetry.isOffline(error) {
                switch try await awaitNetwork(waitForNetwork, offline: offline, start: start, waited: &offlineWait) {
                case .resend:
                    // As after a sleep: a wait may end late on a busy machine.
                    if let deadline, deadline.hasPassed {
                        return try finish(outcome, attempts: number, note: "Not retried: the deadline passed during the wait for the network.")
                    }
                    number += 1
                    continue
                case .stop(let note):
                    return try finish(outcome, attempts: number, note: note)
                case .retryAsUsual:
                    break
                }
            }
            if let reason = refusal(after: spent, serverDelay: serverDelay) {
                return try finish(outcome, attempts: number, note: "Not retried: \(reason)")
            }
            if let serverDelay {
                delay = serverDelay
            } else {
                var generator = random ?? policy.makeRandomNumberGenerator()
                // Counted in attempts spent, so that free resends after an outage do not lengthen it.
                delay = policy.backoff.delay(beforeRetry: spent, random: &generator)
                random = generator
            }
            if let deadline, delay >= deadline.remaining {
                return try finish(outcome, attempts: number, note: "Not retried: the deadline leaves no time to wait \(delay) for attempt \(number + 1).")
            }
            if let maxElapsed = policy.maxElapsedTime, start.duration(to: clock.now) + delay > maxElapsed {
                return try finish(outcome, attempts: number, note: "Not retried: waiting \(delay) would pass maxElapsedTime (\(maxElapsed)).")
            }
            if !withdrawFromBudget() {
                return try finish(outcome, attempts: number, note: "Not retried: the retry budget for this host is spent.")
            }
            // Settled before every retry, even an immediate one: a response read to its end gives its
            // connection back to the pool instead of having it torn down.
            if case .success(let value) = outcome {
                outcome = .success(await settle(value))
            }
            if delay > .zero {
                try await clock.sleep(for: delay)
            }
            // A sleep can wake late on a busy machine: the deadline is checked again before sending.
            if let deadline, deadline.hasPassed {
                return try finish(outcome, attempts: number, note: "Not retried: the deadline passed during the wait for attempt \(number + 1).")
            }
            number += 1
            spent += 1
        }
    }

    /// What follows a wait for the network.
    private enum AfterOfflineWait {
        /// The network came back: send again now, without spending an attempt.
        case resend
        /// The network was up all along: the failure is retried like any other.
        case retryAsUsual
        /// No further attempt, for the reason in `note`.
        case stop(note: String)
    }

    /// Waits for the network after an offline failure, within what is left of the policy's
    /// ``OfflineRetry/maxWait`` (`waited` so far in this call), the deadline and ``RetryPolicy/maxElapsedTime``.
    private nonisolated(nonsending) func awaitNetwork(
        _ waitForNetwork: (_ maxWait: Duration) async throws -> Connectivity,
        offline: OfflineRetry,
        start: C.Instant,
        waited: inout Duration
    ) async throws -> AfterOfflineWait {
        var limit = offline.maxWait - waited
        var limitName = "OfflineRetry.maxWait, \(offline.maxWait) in all"
        if let deadline, deadline.remaining < limit {
            limit = deadline.remaining
            limitName = "the deadline"
        }
        if let maxElapsed = policy.maxElapsedTime, maxElapsed - start.duration(to: clock.now) < limit {
            limit = maxElapsed - start.duration(to: clock.now)
            limitName = "maxElapsedTime, \(maxElapsed)"
        }
        let before = clock.now
        // NOTE: asked even with no time left: a monitor then only looks whether the network answers now, and
        // `.online` lets an ordinary retry follow.
        let connectivity = try await waitForNetwork(max(limit, .zero))
        let waitedNow = before.duration(to: clock.now)
        waited += waitedNow
        switch connectivity {
        case .restored where waitedNow > .zero:
            return .resend
        case .restored:
            // NOTE: a monitor that says "restored" without waiting on the clock would otherwise make the loop resend
            // for free without end: the network answered at once, so the attempt counts as an ordinary retry.
            return .retryAsUsual
        case .online:
            return .retryAsUsual
        case .offline:
            return .stop(note: "Not retried: the network did not come back within the wait for it (\(limitName)).")
        }
    }

    /// Why no further attempt may follow attempt `number`, or `nil` if one may.
    private func refusal(after number: Int, serverDelay: Duration?) -> String? {
        if number >= policy.maxAttempts {
            return "\(policy.maxAttempts) attempts made, as many as the policy allows."
        }
        if let serverDelay, serverDelay > policy.maxRetryAfter {
            return "the server asked to wait \(serverDelay) (Retry-After), longer than maxRetryAfter (\(policy.maxRetryAfter))."
        }
        return nil
    }

    /// Returns the value, or throws the error with the attempt count and `note` added when it is a
    /// ``NetworkError``.
    private func finish<T>(_ outcome: Result<T, any Error>, attempts: Int, note: String?) throws -> T {
        switch outcome {
        case .success(let value):
            return value
        case .failure(var error as NetworkError):
            error.attempt = max(error.attempt, attempts)
            throw note.map { error.adding(note: $0) } ?? error
        case .failure(let error):
            throw error
        }
    }
}
