import Courier

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A publisher that sends an `Endpoint` with a `Client` for each subscriber: the decoded value and
/// `.finished`, or `.failure` with a `NetworkError`.
///
/// Made with `Client.publisher(for:)` or `Endpoint.publisher(on:)`. Like
/// ``CallPublisher`` it is lazy — nothing is sent until a subscriber asks for a value, and each
/// subscription sends the request again — and cancelling the subscription cancels the request.
///
/// The failure is typed: sending an endpoint always fails with a `NetworkError` (an unacceptable
/// status, a body that did not decode, a transport failure…), so `catch` and `mapError` downstream
/// can read its `NetworkError.kind` without casting.
///
/// Values and completions arrive on a thread of the Swift concurrency pool: add `receive(on:)` where
/// the subscriber needs a particular one.
public struct EndpointPublisher<Value: Sendable>: Publisher, Sendable {
    /// The endpoint's decoded value.
    public typealias Output = Value
    /// Why the request or its decoding failed.
    public typealias Failure = NetworkError

    /// The client that sends the endpoint.
    public let client: Client
    /// The endpoint each subscription sends.
    public let endpoint: Endpoint<Value>

    /// A publisher that sends `endpoint` with `client` for each of its subscribers.
    public init(client: Client, endpoint: Endpoint<Value>) {
        self.client = client
        self.endpoint = endpoint
    }

    /// Attaches `subscriber`; the request is sent when it first asks for a value.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == NetworkError {
        let call = endpoint.call(on: client)
        subscriber.receive(subscription: SingleValueSubscription(subscriber: AnySubscriber(subscriber)) {
            // `Client` throws only `NetworkError`s; anything else would be wrapped, never lost.
            await call.result().mapError { NetworkError.wrapping($0, request: nil) }
        })
    }
}

extension Client {
    /// A publisher that sends `endpoint` with this client for each subscriber, and cancels the request
    /// when the subscription is cancelled.
    ///
    /// The Combine form of `try await client.send(endpoint)`, for code built on publishers.
    ///
    /// ```swift
    /// cancellable = client.publisher(for: .articles(tag: "swift"))
    ///     .receive(on: DispatchQueue.main)
    ///     .sink { completion in … } receiveValue: { articles in … }
    /// ```
    public func publisher<Value: Sendable>(for endpoint: Endpoint<Value>) -> EndpointPublisher<Value> {
        EndpointPublisher(client: self, endpoint: endpoint)
    }
}

extension Endpoint where Value: Sendable {
    /// A publisher that sends this endpoint with `client` for each subscriber: the same as
    /// `client.publisher(for: endpoint)`, read from the endpoint's side like `call(on:)`.
    public func publisher(on client: Client) -> EndpointPublisher<Value> {
        EndpointPublisher(client: client, endpoint: self)
    }
}
