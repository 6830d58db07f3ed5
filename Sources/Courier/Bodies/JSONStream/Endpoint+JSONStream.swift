import Foundation
import HTTPTypes

extension Endpoint {
    /// An endpoint whose response is a stream of JSON values: JSON Lines / NDJSON, or JSON text sequences
    /// (RFC 7464), told apart by the response's `Content-Type` unless `format` says.
    ///
    /// Send it with ``Client/stream(_:)`` to read the values as they arrive. ``Client/send(_:)-(Endpoint<Value>)``
    /// works too, but reads the whole body first, within ``RequestOptions/maxResponseBodySize``.
    ///
    /// ```swift
    /// let logs = Endpoint<JSONStream<LogEntry>>(path: "/logs", query: [URLQueryItem(name: "follow", value: "1")])
    /// for try await entry in try await client.stream(logs) {
    ///     print(entry.message)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - method: the request method.
    ///   - path: the path, relative to the ``Server``'s base path.
    ///   - query: query items.
    ///   - headers: header fields; `Accept` is ``JSONStreamFormat/acceptedMediaTypes`` unless given.
    ///   - body: the request body.
    ///   - acceptableStatus: the statuses whose body is the stream.
    ///   - options: per-request settings, ``RequestOptions/maxJSONRecordSize`` among them.
    ///   - format: the framing to expect whatever the `Content-Type`; `nil` reads it from the response.
    public init<Element: Decodable & SendableMetatype>(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions(),
        format: JSONStreamFormat? = nil
    ) where Value == JSONStream<Element> {
        self.init(
            method: method, path: path, query: query, headers: Self.headers(headers, defaultAccept: JSONStreamFormat.acceptedMediaTypes), body: body,
            accepting: acceptableStatus, options: options
        ) { input in
            // NOTE: the response's body, not `input.data`: from `Client.stream(_:)` it is the live stream (and
            // `data` is empty); from `Client.send(_:)` it is the collected bytes.
            input.response.jsonStream(of: Element.self, format: format, decoder: input.decoder)
        }
    }
}
