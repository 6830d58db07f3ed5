extension TestServer {
    /// What ``TestServer``'s `/cache/{key}` route answers: enough to tell a cache hit from a server hit
    /// and one user's or language's variant from another's.
    public struct CacheReply: Codable, Sendable, Equatable {
        /// The key in the path.
        public var key: String
        /// The resource's version: 1 at first, one more after each POST, PUT, PATCH or DELETE to the key.
        public var version: Int
        /// How many full (200) answers the server has produced for the key, this one included.
        public var serial: Int
        /// The request's `Authorization`, so a response served to the wrong user shows.
        public var authorization: String?
        /// The request's values of the fields the `vary` parameter named, by lowercased name.
        public var varied: [String: String]

        /// Creates a reply.
        public init(key: String, version: Int, serial: Int, authorization: String?, varied: [String: String]) {
            self.key = key
            self.version = version
            self.serial = serial
            self.authorization = authorization
            self.varied = varied
        }
    }
}
