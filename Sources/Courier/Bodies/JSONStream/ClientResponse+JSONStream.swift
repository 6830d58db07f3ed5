import Foundation

extension ClientResponse {
    /// The response's body as a stream of JSON values, decoded as they arrive: for a response from
    /// ``Client/send(_:)-(ClientRequest)``. It does not look at the status: check it first.
    ///
    /// ```swift
    /// let response = try await client.send(try ClientRequest(.get, path: "/logs"))
    /// guard response.status == .ok else { return }
    /// for try await entry in response.jsonStream(of: LogEntry.self) {
    ///     print(entry.message)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type of each value.
    ///   - format: how the values are framed; `nil` reads it from `Content-Type` (`application/json-seq` is
    ///     a ``JSONStreamFormat/textSequence``, anything else ``JSONStreamFormat/lines``).
    ///   - decoder: the decoder for each value; `nil` uses Courier's default.
    ///   - maxRecordSize: the longest line or record accepted; `nil` uses the request's
    ///     ``RequestOptions/maxJSONRecordSize``.
    public func jsonStream<T: Decodable>(
        of type: T.Type = T.self,
        format: JSONStreamFormat? = nil,
        decoder: JSONDecoder? = nil,
        maxRecordSize: Int? = nil
    ) -> JSONStream<T> {
        JSONStream(
            body,
            format: format ?? announcedJSONStreamFormat ?? .lines,
            decoder: decoder,
            maxRecordSize: maxRecordSize ?? request.options.maxJSONRecordSize,
            response: self
        )
    }

    /// The framing the response's `Content-Type` announces, if it names one.
    var announcedJSONStreamFormat: JSONStreamFormat? {
        head.headerFields[.contentType].flatMap(JSONStreamFormat.init(contentType:))
    }
}
