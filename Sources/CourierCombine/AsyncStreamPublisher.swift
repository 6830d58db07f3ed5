#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A publisher of the elements of an `AsyncStream`, made afresh for each subscriber: how a
/// `NetworkCall`'s values, errors, responses and in-flight state reach Combine.
///
/// Subscribing makes the subscriber's own stream at once (so nothing sent after `sink` returns is
/// missed) and iterates it in a task, pulling an element only while the subscriber has demand; the
/// rest waits in the stream's buffer. The publisher finishes when the stream does — for a
/// `NetworkCall`, when the call itself goes away. Cancelling the subscription ends the iteration, which
/// ends the stream: a `NetworkCall` then drops the subscriber.
///
/// Elements arrive on a thread of the Swift concurrency pool: add `receive(on:)` where the subscriber
/// needs a particular one.
public struct AsyncStreamPublisher<Element: Sendable>: Publisher, Sendable {
    /// The stream's elements.
    public typealias Output = Element
    /// An `AsyncStream` cannot fail.
    public typealias Failure = Never

    private let makeStream: @Sendable () -> AsyncStream<Element>

    /// A publisher that calls `makeStream` for each subscriber and publishes that stream's elements.
    ///
    /// Give a function that makes a new stream each time, such as `{ feed.values() }`: one
    /// `AsyncStream` cannot be iterated by two subscribers.
    public init(_ makeStream: @escaping @Sendable () -> AsyncStream<Element>) {
        self.makeStream = makeStream
    }

    /// Attaches `subscriber` to a new stream; its elements flow once the subscriber asks for them.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Element, S.Failure == Never {
        subscriber.receive(subscription: StreamSubscription(subscriber: AnySubscriber(subscriber), stream: makeStream()))
    }
}
