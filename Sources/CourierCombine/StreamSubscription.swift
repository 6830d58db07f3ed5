#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Courier

/// The subscription behind ``AsyncStreamPublisher``: iterates an `AsyncStream` in a task of its own,
/// pulling the next element only while the subscriber has demand, and finishes when the stream does.
///
/// Elements that arrive while the subscriber asks for none wait in the stream's own buffer. `cancel()`
/// cancels the task and drops the stream, which ends the iteration: the stream's producer sees its
/// `onTermination` (a `NetworkCall` removes the subscriber).
///
/// `@unchecked Sendable`: the subscriber, which Combine does not mark `Sendable`, is kept only in
/// `state` and reached only under its lock; it is called outside the lock, and only from the one task
/// that iterates, so its calls never overlap.
///
/// NOTE: generic over the element, which is `Sendable`, with the subscriber type-erased: the task's
/// closure must not capture the metatype of a subscriber type, which need not be `Sendable`.
final class StreamSubscription<Element: Sendable>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Element, Never>

    private struct State {
        /// `nil` once the stream has finished or the subscription was cancelled.
        var subscriber: Downstream?
        /// The stream, until the first demand hands it to `task`.
        var stream: AsyncStream<Element>?
        var task: Task<Void, Never>?
        var demand = Subscribers.Demand.none
        /// The task, waiting for demand.
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state: Locked<State>

    init(subscriber: Downstream, stream: AsyncStream<Element>) {
        state = Locked(State(subscriber: subscriber, stream: stream))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.subscriber != nil else { return nil }
            state.demand += demand
            if let stream = state.stream {
                state.stream = nil
                state.task = Task { await self.iterate(stream) }
            }
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    func cancel() {
        let previous = state.withLock { state in
            defer { state = State() }
            return state
        }
        previous.waiter?.resume(returning: false)
        previous.task?.cancel()
        // NOTE: `previous` — the subscriber, and the stream when no task took it yet — is released
        // here, outside the lock: a subscriber's deinit may call back into this subscription, and a
        // stream's termination handler runs when it is dropped.
    }

    private func iterate(_ stream: AsyncStream<Element>) async {
        var iterator = stream.makeAsyncIterator()
        while await hasDemand() {
            guard let element = await iterator.next() else {
                finish()
                return
            }
            deliver(element)
        }
    }

    /// Whether to pull another element: waits while the subscriber asks for none; `false` once it
    /// cancelled.
    private func hasDemand() async -> Bool {
        if let ready = state.withLock(readiness) { return ready }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool? in
                let ready = readiness(&state)
                if ready == nil { state.waiter = continuation }
                return ready
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// `true` when there is demand, `false` when cancelled, `nil` when the task must wait.
    private func readiness(_ state: inout State) -> Bool? {
        guard state.subscriber != nil else { return false }
        return state.demand > .none ? true : nil
    }

    private func deliver(_ element: Element) {
        let subscriber = state.withLock { state -> Downstream? in
            guard state.subscriber != nil else { return nil }
            state.demand -= 1
            return state.subscriber
        }
        // Cancelled while the element was on its way.
        guard let subscriber else { return }
        let more = subscriber.receive(element)
        state.withLock { state in
            if state.subscriber != nil { state.demand += more }
        }
    }

    private func finish() {
        let previous = state.withLock { state in
            defer { state = State() }
            return state
        }
        previous.subscriber?.receive(completion: .finished)
    }
}
