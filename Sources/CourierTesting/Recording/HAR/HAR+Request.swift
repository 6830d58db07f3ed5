extension HAR {
    /// A recorded request.
    public struct Request: Codable, Sendable, Hashable {
        /// The method, `GET`.
        public var method: String
        /// The absolute URL, query included, with secret query values redacted.
        public var url: String
        /// The protocol, `HTTP/1.1`.
        public var httpVersion: String
        /// The cookies of the `Cookie` header.
        public var cookies: [Cookie]
        /// The header fields, in order.
        public var headers: [NameValue]
        /// The query parameters, percent-decoded, in order.
        public var queryString: [NameValue]
        /// The body, when there was one.
        public var postData: PostData?
        /// The size of the head in bytes; `-1`: a transport sees no serialised head.
        public var headersSize: Int
        /// The size of the body in bytes; `-1` when not known.
        public var bodySize: Int
        /// A note from the writer.
        public var comment: String?

        /// Creates a request record.
        public init(
            method: String,
            url: String,
            httpVersion: String,
            cookies: [Cookie] = [],
            headers: [NameValue] = [],
            queryString: [NameValue] = [],
            postData: PostData? = nil,
            headersSize: Int = -1,
            bodySize: Int,
            comment: String? = nil
        ) {
            self.method = method
            self.url = url
            self.httpVersion = httpVersion
            self.cookies = cookies
            self.headers = headers
            self.queryString = queryString
            self.postData = postData
            self.headersSize = headersSize
            self.bodySize = bodySize
            self.comment = comment
        }
    }

    /// A header field or a query parameter.
    public struct NameValue: Codable, Sendable, Hashable {
        /// The name.
        public var name: String
        /// The value; `<redacted>` when it is a secret.
        public var value: String
        /// A note from the writer.
        public var comment: String?

        /// Creates a pair.
        public init(name: String, value: String, comment: String? = nil) {
            self.name = name
            self.value = value
            self.comment = comment
        }
    }

    /// A cookie sent in `Cookie` or set by `Set-Cookie`.
    public struct Cookie: Codable, Sendable, Hashable {
        /// The cookie's name.
        public var name: String
        /// Its value; `<redacted>` when the header is a secret, which it is by default.
        public var value: String
        /// The path it applies to.
        public var path: String?
        /// The domain it applies to.
        public var domain: String?
        /// When it expires, in ISO 8601.
        public var expires: String?
        /// Whether scripts may not read it.
        public var httpOnly: Bool?
        /// Whether it is sent over TLS only.
        public var secure: Bool?
        /// A note from the writer.
        public var comment: String?

        /// Creates a cookie record.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A request body.
    ///
    /// Text bodies are recorded as text; other bytes as base64, marked by the custom field
    /// `_encoding: "base64"` (HAR 1.2 has no encoding for request bodies). A body that was not recorded
    /// (a single-pass stream, or one over the size limit) has no `text` and says why in `comment`.
    public struct PostData: Codable, Sendable, Hashable {
        /// The body's `Content-Type`, or an empty string.
        public var mimeType: String
        /// The body, as text or base64.
        public var text: String?
        /// `base64` when ``text`` is base64.
        public var encoding: String?
        /// Posted form parameters, when a writer records them apart; Courier does not.
        public var params: [Param]?
        /// A note from the writer.
        public var comment: String?

        /// Creates a body record.
        public init(mimeType: String, text: String?, encoding: String? = nil, comment: String? = nil) {
            self.mimeType = mimeType
            self.text = text
            self.encoding = encoding
            self.comment = comment
        }

        enum CodingKeys: String, CodingKey {
            case mimeType, text, params, comment
            case encoding = "_encoding"
        }
    }

    /// A posted parameter, as browsers record form submissions.
    public struct Param: Codable, Sendable, Hashable {
        /// The parameter's name.
        public var name: String
        /// Its value.
        public var value: String?
        /// The file name of a posted file.
        public var fileName: String?
        /// The content type of a posted file.
        public var contentType: String?
        /// A note from the writer.
        public var comment: String?

        /// Creates a parameter.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }
}
