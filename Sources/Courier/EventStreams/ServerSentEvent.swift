/// One event of a `text/event-stream` response, as the WHATWG HTML standard's "event stream
/// interpretation" dispatches it.
///
/// ```swift
/// for try await event in client.events(try ClientRequest(.get, path: "/ticks")) {
///     print(event.event, event.data)      // "message", "{\"tick\":1}"
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable {
    /// The last event ID at the time of this event: the value of the latest `id:` field of the stream,
    /// which persists from event to event (and across reconnections) until another `id:` replaces it;
    /// `nil` while there is none (or after an empty `id:`, which clears it).
    public var id: String?
    /// The event type: the `event:` field of this event, `"message"` when it had none.
    public var event: String
    /// The `data:` fields of this event, joined with line feeds.
    public var data: String
    /// The reconnection time set by a `retry:` field among this event's lines, if any. The stream
    /// applies it to its reconnections whether or not an event carries it.
    public var retry: Duration?

    /// Creates an event; the parser makes these, tests and stubs may too.
    public init(id: String? = nil, event: String = "message", data: String, retry: Duration? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }
}
