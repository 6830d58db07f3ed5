import Courier

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A publisher that runs a `Call` for each subscriber: one value and `.finished`, or `.failure`.
///
/// It is as lazy as the call it wraps, like Combine's `Deferred`: making the publisher runs nothing;
/// each subscription runs the call again, in a task of its own, once the subscriber first asks for a
/// value. Cancelling the subscription cancels that task, so the call's work is abandoned — a request
/// it sends is cancelled by the transport, and the server sees the client go away. After a
/// cancellation nothing is delivered, not even a completion, as Combine requires.
///
/// ```swift
/// let articles = Endpoint<[Article]>(path: "/articles").call(on: client)
///     .retry(.exponential(base: .milliseconds(200), maxAttempts: 3))
/// cancellable = articles.publisher
///     .receive(on: DispatchQueue.main)
///     .sink { completion in … } receiveValue: { articles in … }
/// ```
///
/// Values and completions arrive on a thread of the Swift concurrency pool, never on the subscribing
/// thread: add `receive(on:)` where the subscriber needs a particular one.
///
/// The failure is `any Error` because a call may run any work, not only requests; a publisher of an
/// `Endpoint` sent by a `Client` fails with `NetworkError` instead (see ``EndpointPublisher``).
public struct CallPublisher<Value: Sendable>: Publisher, Sendable {
    /// The call's value.
    public typealias Output = Value
    /// Whatever the call throws.
    public typealias Failure = any Error

    /// The call each subscription runs.
    public let call: Call<Value>

    /// A publisher that runs `call` for each of its subscribers.
    public init(_ call: Call<Value>) {
        self.call = call
    }

    /// Attaches `subscriber`; the call runs when it first asks for a value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == any Error {
        let call = call
        subscriber.receive(subscription: SingleValueSubscription(subscriber: AnySubscriber(subscriber)) { await call.result() })
    }
}

extension Call {
    /// This call as a Combine publisher: each subscription runs it again, and cancelling the
    /// subscription cancels the work.
    ///
    /// For Combine code (SwiftUI view models, existing pipelines) that wants a call's value without
    /// writing the task and cancellation bridge by hand.
    public var publisher: CallPublisher<Value> {
        CallPublisher(self)
    }
}
