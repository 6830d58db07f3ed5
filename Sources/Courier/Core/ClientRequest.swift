import Foundation
import HTTPTypes

/// An HTTP request as a value: a head, a body and typed per-request options.
///
/// Middleware receive a `ClientRequest`, may return a changed copy to the rest of the chain, and never
/// share mutable state through it. The head is a swift-http-types `HTTPRequest`, so the method, scheme,
/// authority, path (with its query) and header fields are the same values every other server-side Swift
/// library uses.
///
/// A request is *relative* when its head has no scheme and authority; ``Client/targeting(_:)`` resolves
/// it against a ``Server`` before it reaches the transport.
///
/// ```swift
/// var request = try ClientRequest(.post, url: "https://api.example.com/articles?draft=true")
/// try request.setHeader("X-Request-Source", "docs")
/// request.body = .bytes(Data(#"{"title":"Hello"}"#.utf8))
/// request.options.timeout = .seconds(5)
/// ```
public struct ClientRequest: Sendable {
    /// The method, scheme, authority, path and header fields.
    public var head: HTTPRequest
    /// What is sent after the head.
    public var body: RequestBody
    /// Typed per-request settings that middleware and transports read (timeout, body limit, …).
    public var options: RequestOptions

    /// Creates a request from its parts.
    public init(head: HTTPRequest, body: RequestBody = .empty, options: RequestOptions = RequestOptions()) {
        self.head = head
        self.body = body
        self.options = options
    }

    /// The request's method.
    public var method: HTTPRequest.Method {
        get { head.method }
        set { head.method = newValue }
    }

    /// Whether the head names no scheme or authority yet, and so needs a ``Server`` to be sent.
    public var isRelative: Bool { head.scheme == nil || head.authority == nil }

    /// The absolute URL of the request, or `nil` while it is relative.
    public var url: URL? {
        guard !isRelative else { return nil }
        return head.url
    }
}
