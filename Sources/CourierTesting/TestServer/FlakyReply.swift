extension TestServer {
    /// What ``TestServer``'s `/flaky/{key}` route answers once it stops failing: which attempt succeeded,
    /// and the body that attempt carried (so a test can check that a retry re-sent it byte for byte).
    public struct FlakyReply: Codable, Sendable, Equatable {
        /// The number of the request that succeeded, counting every request to the key from 1.
        public var attempt: Int
        /// The request body, as UTF-8 text.
        public var body: String

        /// Creates a reply.
        public init(attempt: Int, body: String) {
            self.attempt = attempt
            self.body = body
        }
    }
}
