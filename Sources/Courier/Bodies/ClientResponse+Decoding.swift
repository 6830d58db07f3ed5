import Foundation

extension ClientResponse {
    /// Reads the body once, within a limit, and decodes it as JSON: for a response from
    /// ``Client/send(_:)-(ClientRequest)`` whose type is known only after looking at its head, where an ``Endpoint``
    /// does not fit.
    ///
    /// It fails the way an endpoint does, but does not look at the status: check it first.
    ///
    /// ```swift
    /// let response = try await client.send(request)
    /// guard response.status == .ok else { … }
    /// let articles = try await response.decode([Article].self)
    /// ```
    ///
    /// A body already in memory is decoded where it is, not copied; a streamed body can be read once,
    /// so a second call fails with ``NetworkError/Kind/invalidBody``.
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - decoder: the decoder to use; `nil` uses Courier's default (a plain `JSONDecoder`).
    ///   - limit: the most bytes to read; `nil` uses the request's ``RequestOptions/maxResponseBodySize``.
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/bodyTooLarge`` (the transfer is stopped),
    ///   ``NetworkError/Kind/emptyBody``, ``NetworkError/Kind/decodingFailed(codingPath:)``, or the
    ///   transport's kind; the error carries this response, with the bytes read when there were any.
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSONDecoder? = nil, upTo limit: Int? = nil) async throws -> T {
        var response = self
        do {
            let data = try await body.collect(upTo: limit ?? request.options.maxResponseBodySize)
            response.body = ResponseBody(data)
            guard !data.isEmpty else {
                throw NetworkError(.emptyBody, message: "expected JSON for \(T.self), but the body is empty.")
            }
            return try (decoder ?? JSONCoders.defaultDecoder).decode(T.self, from: data)
        } catch {
            if response.body.bufferedData == nil { response.body = .empty }
            throw NetworkError.wrapping(error, request: request, response: response)
        }
    }
}
