/// An operation whose response is a `text/event-stream` of JSON `Item`s: what a generated client's
/// `…Events` factories return. Read it with ``Client/events(_:configuration:stoppingAt:)``.
///
/// ```swift
/// for try await delta in client.events(API.chat.createChatCompletionEvents(body: request)) {
///     print(delta)
/// }
/// ```
public struct EventStreamEndpoint<Item: Decodable & Sendable>: Sendable {
    /// The request, as an endpoint: its method, path, parameters, body, coders and options. Only 2xx
    /// statuses are accepted.
    public var endpoint: Endpoint<Void>

    /// Wraps the endpoint that makes the request.
    public init(_ endpoint: Endpoint<Void>) {
        self.endpoint = endpoint
        self.endpoint.acceptableStatus = .successful
    }
}

extension Client {
    /// The events of a generated operation's `text/event-stream`, each one's data decoded as `Item` with
    /// the operation's decoder (see ``ServerSentEventStream`` for reconnection and when it stops).
    ///
    /// - Parameters:
    ///   - endpoint: the operation.
    ///   - configuration: reconnection and limits.
    ///   - terminator: an event whose data is exactly this ends the sequence (`"[DONE]"` for OpenAI).
    public func events<Item>(
        _ endpoint: EventStreamEndpoint<Item>,
        configuration: ServerSentEventStream.Configuration = .init(),
        stoppingAt terminator: String? = nil
    ) -> DecodedEventStream<Item> {
        events(endpoint.endpoint, configuration: configuration)
            .decoded(as: Item.self, using: endpoint.endpoint.decoder, stoppingAt: terminator)
    }
}
