extension ServerSentEventStream {
    /// How a stream of events reconnects, and how much one line and one event may hold.
    ///
    /// ```swift
    /// var configuration = ServerSentEventStream.Configuration()
    /// configuration.reconnectionDelay = .seconds(1)   // until the server sends `retry:`
    /// configuration.maxReconnections = 5               // in a row, with no event between them
    /// let events = client.events(try ClientRequest(.get, path: "/ticks"), configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// How long to wait before reconnecting until the server sets its own time with `retry:`.
        /// 3 seconds by default, as in browsers.
        public var reconnectionDelay: Duration
        /// The longest wait before a reconnection, whatever the server's `retry:` asks for. 5 minutes by
        /// default.
        public var maxReconnectionDelay: Duration
        /// How many reconnections in a row, with no event received between them, are made before the
        /// stream fails with the last error (``NetworkError/Kind/connectionClosed`` when the server
        /// just ended the response); `nil`, the default, reconnects for as long as the consumer iterates,
        /// as the standard's `EventSource` does. `0` never reconnects.
        public var maxReconnections: Int?
        /// The last event ID to send as `Last-Event-ID` on the first connection, to resume a stream
        /// read before; the server's `id:` fields replace it.
        public var lastEventID: String?
        /// The longest line and the largest event accepted.
        public var limits: ServerSentEventParser.Limits
        /// The clock the reconnection delays are measured on.
        public var clock: any Clock<Duration>
        /// Whether a stream opened by a request that is not safe (a POST, as OpenAI-style APIs take) is
        /// sent again when its response ends or its connection drops. `false`, the default: such a request
        /// is a write (a new completion, a new charge), so its stream ends with its response and a dropped
        /// connection fails; a GET always reconnects.
        public var reconnectsUnsafeRequests: Bool

        /// A configuration; every parameter has the default described on its property.
        public init(
            reconnectionDelay: Duration = .seconds(3),
            maxReconnectionDelay: Duration = .seconds(300),
            maxReconnections: Int? = nil,
            lastEventID: String? = nil,
            limits: ServerSentEventParser.Limits = ServerSentEventParser.Limits(),
            clock: any Clock<Duration> = ContinuousClock(),
            reconnectsUnsafeRequests: Bool = false
        ) {
            precondition(maxReconnections.map { $0 >= 0 } ?? true, "maxReconnections must not be negative")
            self.reconnectionDelay = reconnectionDelay
            self.maxReconnectionDelay = maxReconnectionDelay
            self.maxReconnections = maxReconnections
            self.lastEventID = lastEventID
            self.limits = limits
            self.clock = clock
            self.reconnectsUnsafeRequests = reconnectsUnsafeRequests
        }
    }
}
