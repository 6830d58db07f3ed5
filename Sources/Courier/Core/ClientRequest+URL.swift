import Foundation
import HTTPTypes

extension ClientRequest {
    /// Creates a request for an absolute `http` or `https` URL.
    ///
    /// Characters that cannot appear in a path or query (spaces, non-ASCII text) are percent-encoded;
    /// escapes already present (`%2F`) are kept exactly as written. The fragment is dropped, since it is
    /// never sent.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL`` for an empty string, a
    ///   scheme other than http(s), a missing or malformed host, a port outside 1…65535, userinfo
    ///   (`user:pass@`), a stray `%`, or a control character; ``NetworkError/Kind/invalidHeader(name:)``
    ///   for a bad header.
    public init(
        _ method: HTTPRequest.Method = .get,
        url: String,
        headers: [String: String] = [:],
        body: RequestBody = .empty,
        options: RequestOptions = RequestOptions()
    ) throws {
        let parts = try URLStringParser.parse(url)
        self.init(
            head: HTTPRequest(method: method, scheme: parts.scheme, authority: parts.authority, path: parts.pathAndQuery),
            body: body,
            options: options
        )
        try setHeaders(headers)
    }

    /// Creates a relative request from a path and query items, to be resolved against a ``Server`` by
    /// ``Client/targeting(_:)``.
    ///
    /// Query names and values are data: everything but RFC 3986 unreserved characters is
    /// percent-encoded, so `+`, `&`, `=`, `#`, `/`, spaces and non-ASCII text arrive as written.
    ///
    /// ```swift
    /// let request = try ClientRequest(.get, path: "/search", query: [URLQueryItem(name: "q", value: "a+b & c")])
    /// // GET /search?q=a%2Bb%20%26%20c
    /// ```
    ///
    /// - Throws: ``NetworkError/Kind/invalidHeader(name:)`` for a bad header.
    public init(
        _ method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody = .empty,
        options: RequestOptions = RequestOptions()
    ) throws {
        self.init(
            head: HTTPRequest(method: method, scheme: nil, authority: nil, path: path.appending(query: query)),
            body: body,
            options: options
        )
        try setHeaders(headers)
    }
}
