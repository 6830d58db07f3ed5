/// What passes from the task that runs one exchange to the task that reads its ``TransferEvents``: the
/// progress not yet read, at most one event per direction (a newer one replaces it, so a slow reader never
/// grows memory), then the outcome, which is never dropped.
///
/// Progress is monotonic per direction, as ``Transfer/progress`` is: a transport that sends the body
/// again (a retry, a redirect) counts from 0 again, and an event is kept only when it passes the highest
/// count accepted so far in its direction.
final class TransferEventBuffer<Value: Sendable>: Sendable {
    /// What a read gets: the next event, `nil` once the outcome has been read, or the exchange's error.
    typealias Delivery = Result<TransferEvent<Value>?, NetworkError>
    /// A reader waiting for the next event.
    typealias Waiter = CheckedContinuation<Delivery, Never>

    private struct State {
        /// Progress not yet read, oldest first; at most one event per direction.
        var pending: [TransferProgress] = []
        /// The highest `completedBytes` accepted per direction; absent before its first event.
        var highWaterMarks: [TransferProgress.Direction: Int64] = [:]
        /// How the exchange ended, until it is read.
        var outcome: Result<Value, NetworkError>?
        /// The reader waiting for the next event. NOTE: only while nothing is ready: `pending` is empty
        /// and `outcome` is `nil` whenever a waiter is kept.
        var waiter: Waiter?
        /// The reader's task was cancelled: progress is no longer delivered, only the outcome.
        var isCancelled = false
        /// The outcome has been read: every later read is the end.
        var isOver = false
    }

    private let state = Locked(State())

    /// Keeps `progress` for the reader (or hands it to the one waiting) when it passes its direction's
    /// high-water mark; dropped once the exchange has ended or the reader was cancelled.
    func report(_ progress: TransferProgress) {
        let waiter = state.withLock { (state: inout State) -> Waiter? in
            guard state.outcome == nil, !state.isOver, !state.isCancelled else { return nil }
            if let mark = state.highWaterMarks[progress.direction], progress.completedBytes <= mark { return nil }
            state.highWaterMarks[progress.direction] = progress.completedBytes
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            // Latest wins: the event this one supersedes is dropped, and this one queues behind the other
            // direction's, so the two stay in the order they were last reported.
            state.pending.removeAll { $0.direction == progress.direction }
            state.pending.append(progress)
            return nil
        }
        waiter?.resume(returning: .success(.progress(progress)))
    }

    /// Records how the exchange ended: read after the progress that waits, or at once by a waiting reader.
    func finish(_ outcome: Result<Value, NetworkError>) {
        let waiter = state.withLock { (state: inout State) -> Waiter? in
            guard state.outcome == nil, !state.isOver else { return nil }
            guard let waiter = state.waiter else {
                state.outcome = outcome
                return nil
            }
            state.waiter = nil
            state.isOver = true
            return waiter
        }
        waiter?.resume(returning: Self.delivery(of: outcome))
    }

    /// Hands `waiter` the next event at once when there is one, or keeps it until there is.
    func take(_ waiter: Waiter) {
        let ready = state.withLock { (state: inout State) -> Delivery? in
            if state.isOver { return .success(nil) }
            if !state.pending.isEmpty { return .success(.progress(state.pending.removeFirst())) }
            if let outcome = state.outcome {
                // Let go of the value as it is handed over: a large body is held once, by the reader.
                state.outcome = nil
                state.isOver = true
                return Self.delivery(of: outcome)
            }
            precondition(state.waiter == nil, "TransferEvents: next() was called before the previous call returned; read an iterator from one task")
            state.waiter = waiter
            return nil
        }
        if let ready { waiter.resume(returning: ready) }
    }

    /// The reader's task was cancelled: drops the progress that waits and any that comes, so that the
    /// next read is the outcome.
    func stopProgress() {
        state.withLock { state in
            state.isCancelled = true
            state.pending.removeAll()
        }
    }

    private static func delivery(of outcome: Result<Value, NetworkError>) -> Delivery {
        switch outcome {
        case .success(let value): .success(.value(value))
        case .failure(let error): .failure(error)
        }
    }
}
