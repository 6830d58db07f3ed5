/// Hands every element to every current subscriber, each through an `AsyncStream` of its own; a
/// subscriber that stops iterating is removed. Optionally remembers the latest element for subscribers
/// that ask for it.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var latest: Element?
    }

    private let state = Locked(State())

    /// A new subscriber's stream: every element sent from now on, after the latest one if
    /// `replayingLatest`.
    func subscribe(replayingLatest: Bool) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            if replayingLatest, let latest = state.latest { continuation.yield(latest) }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Yields under the lock, so that concurrent sends reach every subscriber in the same order as
    /// `latest` records them (a yield to an unbounded stream never blocks nor calls back).
    func send(_ element: Element) {
        state.withLock { state in
            state.latest = element
            for subscriber in state.subscribers.values { subscriber.yield(element) }
        }
    }

    /// Ends every subscriber's stream.
    func finish() {
        let subscribers = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }
}
