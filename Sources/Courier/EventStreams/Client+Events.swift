import Foundation

extension Client {
    /// The Server-Sent Events of `request`'s response, parsed as they arrive, reconnecting with
    /// `Last-Event-ID` when the connection ends (see ``ServerSentEventStream`` for when it stops).
    ///
    /// ```swift
    /// for try await event in client.events(try ClientRequest(.get, path: "/ticks")) {
    ///     print(event.id ?? "-", event.event, event.data)
    /// }
    /// ```
    ///
    /// Nothing is sent until the iteration starts. `Accept: text/event-stream` and
    /// `Cache-Control: no-store` are added unless the request has its own.
    public func events(_ request: ClientRequest, configuration: ServerSentEventStream.Configuration = .init()) -> ServerSentEventStream {
        ServerSentEventStream(client: self, request: Self.eventStreamRequest(request), acceptableStatus: .successful, configuration: configuration)
    }

    /// The Server-Sent Events of `endpoint`'s response: its method, path, query, headers, body (encoded
    /// with the client's encoder unless it has its own), options and acceptable statuses make each
    /// request; its decoding function is not used — decode each event's data with
    /// ``ServerSentEventStream/decoded(as:using:stoppingAt:)``.
    ///
    /// ```swift
    /// struct Completion: Encodable, Sendable { var prompt: String; var stream = true }
    /// struct Chunk: Decodable, Sendable { var text: String }
    ///
    /// let endpoint = Endpoint<Void>(method: .post, path: "/completions", body: .json(Completion(prompt: "Hi")))
    /// for try await chunk in client.events(endpoint).decoded(as: Chunk.self, stoppingAt: "[DONE]") {
    ///     print(chunk.text, terminator: "")
    /// }
    /// ```
    ///
    /// - Throws: from the iteration, ``NetworkError/Kind/invalidHeader(name:)`` or
    ///   ``NetworkError/Kind/encodingFailed`` when the endpoint's request cannot be built, and the
    ///   errors of the request form.
    public func events<Value>(_ endpoint: Endpoint<Value>, configuration: ServerSentEventStream.Configuration = .init()) -> ServerSentEventStream {
        do {
            let request = try endpoint.makeRequest(encoder: self.configuration.encoder)
            return ServerSentEventStream(
                client: self,
                request: Self.eventStreamRequest(request),
                acceptableStatus: endpoint.acceptableStatus,
                configuration: configuration
            )
        } catch {
            return ServerSentEventStream(failing: NetworkError.wrapping(error, request: nil), client: self, configuration: configuration)
        }
    }

    private static func eventStreamRequest(_ request: ClientRequest) -> ClientRequest {
        var request = request
        if request.head.headerFields[.accept] == nil {
            request.head.headerFields[.accept] = "text/event-stream"
        }
        if request.head.headerFields[.cacheControl] == nil {
            request.head.headerFields[.cacheControl] = "no-store"
        }
        return request
    }
}
