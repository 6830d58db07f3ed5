/// The slots and the waiting line of one throttle: at most `maxConcurrent` holders overall and
/// `maxPerHost` per host, the rest waiting by priority in arrival order.
///
/// Waiting suspends on a continuation (no polling); a waiter whose task is cancelled is removed from the
/// line at once and never takes a slot.
final class ThrottleQueue: Sendable {
    /// How many grants may pass over a waiting lower priority before its oldest waiter goes first. The
    /// count starts again when that line is served or empties.
    static let starvationLimit = 4

    private struct Waiter {
        let id: UInt64
        let host: String
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var runningPerHost: [String: Int] = [:]
        /// One line per priority, indexed by its raw value.
        var lines: [[Waiter]] = Array(repeating: [], count: RequestPriority.allCases.count)
        /// Grants that passed over each line while it had an eligible waiter.
        var passedOver: [Int] = Array(repeating: 0, count: RequestPriority.allCases.count)
        var nextID: UInt64 = 0
        /// Waiters that asked for a slot but are not in a line yet, and those of them already cancelled.
        var arriving: Set<UInt64> = []
        var cancelledOnArrival: Set<UInt64> = []
    }

    let maxConcurrent: Int
    let maxPerHost: Int?
    private let state = Locked(State())

    init(maxConcurrent: Int, maxPerHost: Int?) {
        self.maxConcurrent = maxConcurrent
        self.maxPerHost = maxPerHost
    }

    /// How many requests wait for a slot.
    var waiting: Int {
        state.withLock { $0.lines.reduce(0) { $0 + $1.count } }
    }

    /// How many requests hold a slot.
    var running: Int {
        state.withLock { $0.running }
    }

    /// Returns once a slot for `host` is held; throws `CancellationError` (without a slot) if the task
    /// is cancelled first.
    func acquire(host: String, priority: RequestPriority) async throws {
        try Task.checkCancellation()
        let id: UInt64? = state.withLock { state in
            if hasRoom(for: host, in: state) {
                take(host: host, in: &state)
                return nil
            }
            state.nextID += 1
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let admitted: Bool? = state.withLock { state in
                    state.arriving.remove(id)
                    if state.cancelledOnArrival.remove(id) != nil { return false }
                    if hasRoom(for: host, in: state) {
                        take(host: host, in: &state)
                        return true
                    }
                    state.lines[priority.rawValue].append(Waiter(id: id, host: host, continuation: continuation))
                    return nil
                }
                switch admitted {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                for line in state.lines.indices {
                    if let index = state.lines[line].firstIndex(where: { $0.id == id }) {
                        defer { if state.lines[line].isEmpty { state.passedOver[line] = 0 } }
                        return state.lines[line].remove(at: index)
                    }
                }
                if state.arriving.contains(id) { state.cancelledOnArrival.insert(id) }
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives back a slot for `host` and hands free slots to waiters.
    func release(host: String) {
        let admitted: [Waiter] = state.withLock { state in
            state.running -= 1
            if maxPerHost != nil {
                state.runningPerHost[host, default: 1] -= 1
                if state.runningPerHost[host] == 0 { state.runningPerHost[host] = nil }
            }
            var admitted: [Waiter] = []
            while state.running < maxConcurrent, let waiter = nextWaiter(in: &state) {
                take(host: waiter.host, in: &state)
                admitted.append(waiter)
            }
            return admitted
        }
        for waiter in admitted {
            waiter.continuation.resume()
        }
    }

    private func hasRoom(for host: String, in state: State) -> Bool {
        guard state.running < maxConcurrent else { return false }
        guard let maxPerHost else { return true }
        return state.runningPerHost[host, default: 0] < maxPerHost
    }

    private func take(host: String, in state: inout State) {
        state.running += 1
        if maxPerHost != nil { state.runningPerHost[host, default: 0] += 1 }
    }

    /// Removes and returns the waiter that goes next: the first one whose host has room, from the
    /// highest line, unless a lower line has been passed over ``starvationLimit`` times.
    private func nextWaiter(in state: inout State) -> Waiter? {
        var eligible: [(line: Int, index: Int)] = []
        for line in state.lines.indices.reversed() {
            if let index = state.lines[line].firstIndex(where: { hasRoom(for: $0.host, in: state) }) {
                eligible.append((line, index))
            }
        }
        guard let highest = eligible.first else { return nil }
        let chosen = eligible.last { state.passedOver[$0.line] >= Self.starvationLimit } ?? highest
        for candidate in eligible where candidate.line < chosen.line {
            state.passedOver[candidate.line] += 1
        }
        state.passedOver[chosen.line] = 0
        let waiter = state.lines[chosen.line].remove(at: chosen.index)
        for line in state.lines.indices where state.lines[line].isEmpty {
            state.passedOver[line] = 0
        }
        return waiter
    }
}
