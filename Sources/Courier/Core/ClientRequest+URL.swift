import Foundation
import HTTPTypes

extension ClientRequest {
    /// Creates a request for an absolute `http` or `https` URL.
    ///
    /// The string is parsed as the WHATWG URL Standard (browsers, `fetch`) parses it: leading and
    /// trailing whitespace is ignored and tabs and line breaks are removed; `\` counts as `/`; an
    /// international host name is converted to ASCII (`münchen.de` → `xn--mnchen-3ya.de`; this one step
    /// uses Foundation's UTS #46 implementation); IPv4 and IPv6 addresses are checked and written in
    /// their canonical form; the default port is dropped; `.` and `..` segments are resolved; spaces,
    /// non-ASCII text and the other characters WHATWG encodes are percent-encoded, while escapes and a
    /// `%` not followed by two hex digits are kept as written. The fragment is dropped, since it is
    /// never sent.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL`` for a string that is not a
    ///   valid http(s) URL (empty, no host, a bad port, IPv4 or IPv6 address, a host with characters no
    ///   host can have, an invalid international name), and on purpose for userinfo (`user:pass@`, a
    ///   credential in the URL) and port 0; ``NetworkError/Kind/invalidHeader(name:)`` for a bad header.
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
