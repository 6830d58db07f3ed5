extension HAR {
    /// One exchange: the request, the response, and how long it took.
    public struct Entry: Codable, Sendable, Hashable {
        /// When the request started, in ISO 8601 with milliseconds (`2024-05-01T09:30:00.000Z`).
        public var startedDateTime: String
        /// The whole exchange in milliseconds: the sum of the known ``Timings``.
        public var time: Double
        /// What was sent.
        public var request: Request
        /// What came back.
        public var response: Response
        /// What a cache did; Courier records none, as `{}`.
        public var cache: Cache
        /// Where the time went.
        public var timings: Timings
        /// A note from the writer.
        public var comment: String?

        /// Creates an entry.
        public init(
            startedDateTime: String,
            time: Double,
            request: Request,
            response: Response,
            cache: Cache = Cache(),
            timings: Timings,
            comment: String? = nil
        ) {
            self.startedDateTime = startedDateTime
            self.time = time
            self.request = request
            self.response = response
            self.cache = cache
            self.timings = timings
            self.comment = comment
        }
    }

    /// What a cache did for an entry. HAR requires the object; Courier leaves it empty.
    public struct Cache: Codable, Sendable, Hashable {
        /// A note from the writer.
        public var comment: String?

        /// An empty cache record.
        public init(comment: String? = nil) {
            self.comment = comment
        }
    }

    /// Where an exchange's time went, in milliseconds; `-1` (or absent) where it is not known.
    ///
    /// A ``RecordingTransport`` sees a transport from outside, so it records `send` as 0, `wait` as the
    /// time until the response head arrived and `receive` as the time the body took.
    public struct Timings: Codable, Sendable, Hashable {
        /// Time spent waiting for a connection, when known.
        public var blocked: Double?
        /// DNS resolution, when known.
        public var dns: Double?
        /// Connecting, TLS included, when known.
        public var connect: Double?
        /// Sending the request.
        public var send: Double
        /// Waiting for the first byte of the response.
        public var wait: Double
        /// Reading the response.
        public var receive: Double
        /// The TLS handshake, when known.
        public var ssl: Double?
        /// A note from the writer.
        public var comment: String?

        /// Creates timings from the three required phases.
        public init(send: Double, wait: Double, receive: Double) {
            self.send = send
            self.wait = wait
            self.receive = receive
        }
    }
}
