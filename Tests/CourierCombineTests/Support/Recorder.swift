import Foundation

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A subscriber that records everything it receives, asks for `initialDemand` when it subscribes, and
/// lets a test ask for more, cancel, and await a condition on what arrived — without sleeping.
///
/// Like `sink`, it keeps its subscription until it cancels; unlike `sink`, it never asks for more on
/// its own after the initial demand.
///
/// `@unchecked Sendable`: every stored property is in `state`, reached only under `lock`.
final class Recorder<Input: Sendable, Failure: Error>: Subscriber, @unchecked Sendable {
    /// What arrived so far.
    struct Received: Sendable {
        var values: [Input] = []
        var completion: Subscribers.Completion<Failure>?

        /// The failure the publisher completed with, if it failed.
        var failure: Failure? {
            if case .failure(let error) = completion { return error }
            return nil
        }

        /// Whether the publisher completed with `.finished`.
        var finished: Bool {
            if case .finished = completion { return true }
            return false
        }
    }

    private struct State {
        var received = Received()
        var subscription: (any Subscription)?
        var waiters: [(condition: @Sendable (Received) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let initialDemand: Subscribers.Demand
    private let lock = NSLock()
    private var state = State()

    init(initialDemand: Subscribers.Demand = .unlimited) {
        self.initialDemand = initialDemand
    }

    /// What arrived so far.
    var received: Received {
        withLock { $0.received }
    }

    /// The subscription, while the recorder holds it.
    var subscription: (any Subscription)? {
        withLock { $0.subscription }
    }

    func receive(subscription: any Subscription) {
        withLock { $0.subscription = subscription }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        update { $0.values.append(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        update { $0.completion = completion }
    }

    /// Asks the subscription for `demand` more values.
    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    /// Cancels the subscription and lets go of it, as `AnyCancellable.cancel()` does.
    func cancel() {
        let subscription = withLock { state in
            defer { state.subscription = nil }
            return state.subscription
        }
        subscription?.cancel()
    }

    /// Returns once what arrived satisfies `condition` (at once if it already does). Give the calling
    /// test a time limit: a condition that never holds waits for ever.
    func wait(until condition: @escaping @Sendable (Received) -> Bool) async {
        await withCheckedContinuation { continuation in
            let holds = withLock { state in
                if condition(state.received) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if holds { continuation.resume() }
        }
    }

    /// Returns once the publisher has completed.
    func waitForCompletion() async {
        await wait { $0.completion != nil }
    }

    private func update(_ change: (inout Received) -> Void) {
        let ready = withLock { state in
            change(&state.received)
            let received = state.received
            let ready = state.waiters.filter { $0.condition(received) }.map(\.continuation)
            state.waiters.removeAll { $0.condition(received) }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    private func withLock<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
