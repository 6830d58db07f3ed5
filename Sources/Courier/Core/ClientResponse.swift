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
    /// Where the transport records the exchange's phases (``timings`` reads it); `nil` for a response no
    /// exchange produced.
    public var timeline: ExchangeTimeline?

    /// Creates a response from its parts.
    public init(head: HTTPResponse, body: ResponseBody = .empty, request: ClientRequest) {
        self.head = head
        self.body = body
        self.request = request
    }

    /// The response's status.
    public var status: HTTPResponse.Status { head.status }

    /// When each phase of the exchange that produced this response ended, as its transport saw it: see
    /// ``ExchangeTimings`` for what each transport observes. `nil` for a response no exchange produced (a
    /// cache hit, a stub). Read after the body, it includes the body's end.
    public var timings: ExchangeTimings? { timeline?.snapshot }
}
