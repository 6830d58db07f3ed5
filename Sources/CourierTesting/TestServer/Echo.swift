extension TestServer {
    /// What the test server's `/echo` route answers: the request as the server received it.
    public struct Echo: Codable, Sendable, Equatable {
        /// One query parameter, percent-decoded.
        public struct QueryItem: Codable, Sendable, Equatable {
            /// The decoded name.
            public var name: String
            /// The decoded value, or `nil` when the parameter had no `=`.
            public var value: String?

            /// Creates a query item.
            public init(name: String, value: String?) {
                self.name = name
                self.value = value
            }
        }

        /// The request method.
        public var method: String
        /// The path as it arrived on the request line, still percent-encoded.
        public var path: String
        /// The query as it arrived, still percent-encoded; empty when there was none.
        public var query: String
        /// The query parameters, decoded, in order.
        public var queryItems: [QueryItem]
        /// Header fields, names lowercased; repeated fields joined with `, `.
        public var headers: [String: String]
        /// The body as UTF-8 text (invalid bytes replaced).
        public var body: String
    }
}

/// One article of the test server's `/articles` fixture.
public struct TestArticle: Codable, Sendable, Equatable {
    /// The article's number.
    public var id: Int
    /// Its title.
    public var title: String
    /// Its tags.
    public var tags: [String]

    /// Creates an article.
    public init(id: Int, title: String, tags: [String]) {
        self.id = id
        self.title = title
        self.tags = tags
    }

    /// The articles the test server serves.
    public static let fixtures: [TestArticle] = [
        TestArticle(id: 1, title: "Values all the way down", tags: ["swift", "design"]),
        TestArticle(id: 2, title: "Structured concurrency in practice", tags: ["swift", "concurrency"]),
        TestArticle(id: 3, title: "HTTP caching by the RFC", tags: ["http"]),
    ]
}

extension TestServer {
    /// What the test server's `/upload` route answers: how many bytes arrived and their checksum.
    public struct UploadSummary: Codable, Sendable, Equatable {
        /// The FNV-1a offset basis: the checksum of no bytes.
        public static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
        private static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

        /// The number of body bytes received.
        public var bytes: Int
        /// The 64-bit FNV-1a hash of those bytes.
        public var checksum: UInt64
        /// The request's `Content-Length`, if it had one.
        public var contentLength: String?
        /// The request's `Transfer-Encoding`, if it had one.
        public var transferEncoding: String?

        /// Creates a summary.
        public init(bytes: Int, checksum: UInt64, contentLength: String? = nil, transferEncoding: String? = nil) {
            self.bytes = bytes
            self.checksum = checksum
            self.contentLength = contentLength
            self.transferEncoding = transferEncoding
        }

        /// The summary of `data`, to compare with what the server saw.
        public static func of(_ data: some Sequence<UInt8>) -> TestServer.UploadSummary {
            var summary = TestServer.UploadSummary(bytes: 0, checksum: fnvOffset)
            summary.add(data)
            return summary
        }

        /// Adds `bytes` to the count and the checksum.
        ///
        /// Contiguous bytes are hashed through a raw pointer: the server hashes uploads on the shared
        /// cooperative pool, and a generic byte loop in a debug build is slow enough to starve other tests.
        public mutating func add(_ bytes: some Sequence<UInt8>) {
            let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
                addContiguous(UnsafeRawBufferPointer(buffer))
            }
            guard done == nil else { return }
            for byte in bytes {
                checksum = (checksum ^ UInt64(byte)) &* Self.fnvPrime
                self.bytes += 1
            }
        }

        private mutating func addContiguous(_ buffer: UnsafeRawBufferPointer) {
            var hash = checksum
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var pointer = base
            let end = base + buffer.count
            while pointer < end {
                hash = (hash ^ UInt64(pointer.pointee)) &* Self.fnvPrime
                pointer += 1
            }
            checksum = hash
            bytes += buffer.count
        }
    }
}
