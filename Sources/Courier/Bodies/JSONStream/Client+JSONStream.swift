import Foundation

extension Client {
    /// Sends the endpoint's request and returns its JSON values as a stream that reads the body as the loop
    /// asks for values, once the status is known to be acceptable.
    ///
    /// ```swift
    /// struct CompletionToken: Decodable, Sendable { var text: String }
    ///
    /// let completion = Endpoint<JSONStream<CompletionToken>>(method: .post, path: "/v1/complete", body: .json(["prompt": "Hi"]))
    /// for try await token in try await client.stream(completion) {
    ///     print(token.text, terminator: "")
    /// }
    /// ```
    ///
    /// Only a 2xx body is streamed. An endpoint that accepts other statuses too, as a generated operation does,
    /// decodes them from the body read whole (up to 64 KiB), so its documented errors are thrown here.
    ///
    /// - Throws: before the stream starts: ``NetworkError/Kind/unacceptableStatus(_:)`` (the error holds up to
    ///   64 KiB of the body) or any transport kind. While iterating, the stream throws
    ///   ``NetworkError/Kind/decodingFailed(codingPath:)`` naming the line that failed,
    ///   ``NetworkError/Kind/bodyTooLarge`` for a line over ``RequestOptions/maxJSONRecordSize``, or the
    ///   transport's kind.
    public func stream<Element>(_ endpoint: Endpoint<JSONStream<Element>>) async throws -> JSONStream<Element> {
        let request: ClientRequest
        do {
            request = try endpoint.makeRequest(encoder: configuration.encoder)
        } catch {
            throw NetworkError.wrapping(error, request: nil)
        }
        let response = try await send(request)
        let decoder = endpoint.decoder ?? configuration.decoder
        guard endpoint.acceptableStatus.contains(response.status) else {
            throw NetworkError(.unacceptableStatus(response.status.code), response: await response.releasingBody())
        }
        guard response.status.kind == .successful else {
            // An endpoint that accepts other statuses (a generated operation) decodes its documented errors from
            // the body: read it whole, within 64 KiB, and let the endpoint throw.
            let collected = await response.releasingBody()
            let input = EndpointResponse(data: collected.body.bufferedData ?? Data(), response: collected, decoder: decoder)
            do {
                return try endpoint.decode(input)
            } catch {
                throw NetworkError.wrapping(error, request: collected.request, response: collected)
            }
        }
        let input = EndpointResponse(data: Data(), response: response, decoder: decoder)
        do {
            return try endpoint.decode(input)
        } catch {
            throw NetworkError.wrapping(error, request: response.request, response: await response.releasingBody())
        }
    }
}
