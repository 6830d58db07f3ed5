#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Courier

/// The subscription behind ``CallPublisher`` and ``EndpointPublisher``: runs `work` once, in a task of
/// its own, on the first nonzero demand, and hands its outcome to the subscriber as one value and
/// `.finished`, or as `.failure`.
///
/// `cancel()` cancels that task, so the work (and the request it sends) is abandoned, and lets go of
/// the subscriber: nothing is delivered after it.
///
/// `@unchecked Sendable`: the subscriber, which Combine does not mark `Sendable`, is kept only in
/// `state` and reached only under its lock; it is called outside the lock, once, from the task that
/// ran the work, so its calls never overlap.
///
/// NOTE: generic over the output and failure, which are `Sendable`, with the subscriber type-erased:
/// the task's closure must not capture the metatype of a subscriber type, which need not be `Sendable`.
final class SingleValueSubscription<Output: Sendable, Failure: Error>: Subscription, @unchecked Sendable {
    typealias Downstream = AnySubscriber<Output, Failure>
    typealias Work = @Sendable () async -> Result<Output, Failure>

    private enum State {
        /// Subscribed; nothing runs until the subscriber asks for a value.
        case awaitingDemand(Downstream, Work)
        /// The work runs in `task`.
        case running(Downstream, Task<Void, Never>)
        /// Delivered or cancelled: the subscriber has been let go.
        case done
    }

    private let state: Locked<State>

    init(subscriber: Downstream, work: @escaping Work) {
        state = Locked(.awaitingDemand(subscriber, work))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        state.withLock { state in
            guard case .awaitingDemand(let subscriber, let work) = state else { return }
            // NOTE: the task is stored under the same lock it takes to deliver, so it always finds
            // itself in `.running` (or `.done`, when cancelled).
            state = .running(subscriber, Task { await self.deliver(work()) })
        }
    }

    func cancel() {
        let previous = state.withLock { state in
            defer { state = .done }
            return state
        }
        if case .running(_, let task) = previous {
            task.cancel()
        }
        // NOTE: `previous`, and with it the subscriber, is released here, outside the lock: a
        // subscriber's deinit may call back into this subscription.
    }

    private func deliver(_ outcome: Result<Output, Failure>) {
        let subscriber: Downstream? = state.withLock { state in
            guard case .running(let subscriber, _) = state else { return nil }
            state = .done
            return subscriber
        }
        // Cancelled while the work ran: the subscriber asked for nothing more.
        guard let subscriber else { return }
        switch outcome {
        case .success(let value):
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        case .failure(let error):
            subscriber.receive(completion: .failure(error))
        }
    }
}
