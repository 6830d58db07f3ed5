extension Client {
    /// Opens a WebSocket with `request`, after every layer of this client has seen it.
    ///
    /// The request goes through the whole stack like any other (``targeting(_:)`` resolves its path,
    /// ``authorizing(with:clock:)`` signs it, logging logs it), marked with ``RequestOptions/webSocket``; at the
    /// end of the chain the transport performs the opening handshake (``WebSocketTransport``) and the
    /// `101` response comes back up the layers. It is never served from a cache.
    ///
    /// ```swift
    /// let socket = try await client.webSocket(try ClientRequest(.get, path: "/chat"))
    /// ```
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/unsupported`` when the transport (or the platform)
    ///   cannot open WebSockets or the method is not `GET`; ``NetworkError/Kind/invalidBody`` when the
    ///   request has a body; ``NetworkError/Kind/invalidResponse`` when the server does not switch
    ///   protocols; any kind the layers or the transport throw (`cannotConnect`, `timedOut`, `cancelled`).
    public func webSocket(_ request: ClientRequest, configuration: WebSocketConfiguration = WebSocketConfiguration()) async throws -> WebSocket {
        guard request.method == .get else {
            throw NetworkError(.unsupported, message: "a WebSocket opens with GET (RFC 6455 §4.1), not \(request.method.rawValue).", request: request)
        }
        guard request.body.isEmpty else {
            throw NetworkError(.invalidBody, message: "a WebSocket opening request has no body.", request: request)
        }
        var request = request
        request.options.webSocket = configuration
        // NOTE: a stored answer to an earlier GET of this URL must not stand in for the handshake.
        if !request.options.contains(CachePolicyOptionKey.self) {
            request.options.cachePolicy = .reloadIgnoringCache
        }
        let response = try await send(request)
        guard let connection = response.request.options.webSocketHandle?.take() else {
            throw NetworkError(
                .invalidResponse,
                message: "no WebSocket was opened: a layer answered \(response.status.code) itself, or handed the connection to another caller.",
                response: response
            )
        }
        return WebSocket(response: response, connection: connection)
    }

    /// Opens a WebSocket with an endpoint's request (its method must be `GET`; its decoding is not used).
    ///
    /// ```swift
    /// extension Endpoint where Value == Void {
    ///     static var chat: Self { Endpoint(path: "/chat") }
    /// }
    ///
    /// let socket = try await client.webSocket(.chat)
    /// ```
    ///
    /// - Throws: the errors of opening a WebSocket with a `ClientRequest`, and any error building the request.
    public func webSocket<Value>(_ endpoint: Endpoint<Value>, configuration: WebSocketConfiguration = WebSocketConfiguration()) async throws -> WebSocket {
        let request: ClientRequest
        do {
            request = try endpoint.makeRequest(encoder: self.configuration.encoder)
        } catch {
            throw NetworkError.wrapping(error, request: nil)
        }
        return try await webSocket(request, configuration: configuration)
    }
}
