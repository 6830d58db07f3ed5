extension ServerSentEventParser {
    /// How much one line and one event may hold before the stream is refused: a server (or a
    /// man in the middle) that sends a line or an event without end costs at most these many bytes.
    ///
    /// Going past either fails with ``NetworkError/Kind/bodyTooLarge``.
    public struct Limits: Sendable, Hashable {
        /// The longest line, in bytes, its line ending not counted. 1 MiB by default.
        public var maxLineLength: Int
        /// The most `data:` bytes one event may gather (its lines and the line feeds that join them).
        /// 8 MiB by default.
        public var maxEventSize: Int

        /// Limits of your own; the defaults suit JSON events of any ordinary size.
        public init(maxLineLength: Int = 1 << 20, maxEventSize: Int = 8 << 20) {
            precondition(maxLineLength > 0, "maxLineLength must be positive")
            precondition(maxEventSize > 0, "maxEventSize must be positive")
            self.maxLineLength = maxLineLength
            self.maxEventSize = maxEventSize
        }
    }
}
