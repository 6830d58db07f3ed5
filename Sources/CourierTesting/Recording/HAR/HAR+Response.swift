extension HAR {
    /// A recorded response.
    public struct Response: Codable, Sendable, Hashable {
        /// The status code.
        public var status: Int
        /// The reason phrase, `Not Found`.
        public var statusText: String
        /// The protocol, `HTTP/1.1`.
        public var httpVersion: String
        /// The cookies of the `Set-Cookie` fields.
        public var cookies: [Cookie]
        /// The header fields, in order.
        public var headers: [NameValue]
        /// The body.
        public var content: Content
        /// The `Location` field, or an empty string.
        public var redirectURL: String
        /// The size of the head in bytes; `-1`: a transport sees no serialised head.
        public var headersSize: Int
        /// The size of the body as it was received, in bytes.
        public var bodySize: Int
        /// A note from the writer.
        public var comment: String?

        /// Creates a response record.
        public init(
            status: Int,
            statusText: String,
            httpVersion: String,
            cookies: [Cookie] = [],
            headers: [NameValue] = [],
            content: Content,
            redirectURL: String = "",
            headersSize: Int = -1,
            bodySize: Int,
            comment: String? = nil
        ) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = httpVersion
            self.cookies = cookies
            self.headers = headers
            self.content = content
            self.redirectURL = redirectURL
            self.headersSize = headersSize
            self.bodySize = bodySize
            self.comment = comment
        }
    }

    /// A response body.
    public struct Content: Codable, Sendable, Hashable {
        /// The body's length in bytes, as the transport delivered it.
        public var size: Int
        /// Bytes saved by compression, when known.
        public var compression: Int?
        /// The body's `Content-Type`, or an empty string.
        public var mimeType: String
        /// The body: text, or base64 when ``encoding`` is `base64`.
        public var text: String?
        /// `base64` for a body that is not UTF-8 text.
        public var encoding: String?
        /// A note from the writer.
        public var comment: String?

        /// Creates a body record.
        public init(size: Int, mimeType: String, text: String?, encoding: String? = nil, comment: String? = nil) {
            self.size = size
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
            self.comment = comment
        }
    }
}
