import HTTPTypes

/// An HTTP response together with the request that produced it.
///
/// ``request`` is the request as the transport sent it, after every middleware, so an error or a log line
/// built from a response can always say which URL, headers and attempt it came from.
public struct ClientResponse: Sendable {
    /// The status and header fields.
    public var head: HTTPResponse
    /// The bytes after the head.
    public var body: ResponseBody
    /// The request that produced this response, as it was sent.
    public var request: ClientRequest

    /// Creates a response from its parts.
    public init(head: HTTPResponse, body: ResponseBody = .empty, request: ClientRequest) {
        self.head = head
        self.body = body
        self.request = request
    }

    /// The response's status.
    public var status: HTTPResponse.Status { head.status }
}
