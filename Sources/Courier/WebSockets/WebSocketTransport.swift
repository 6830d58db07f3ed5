/// A ``Transport`` that can also open WebSockets: the capability ``Client/webSocket(_:configuration:)-(ClientRequest,_)``
/// needs from the end of the chain.
///
/// The opening request travels through every layer of the client like any other request, marked with
/// ``RequestOptions/webSocket``. When it reaches the end of the chain, the client calls
/// ``openWebSocket(_:)`` instead of ``Transport/send(_:)``; the `101 Switching Protocols` response goes
/// back up through the layers (which may log it, or throw), carrying the connection with it.
///
/// A transport that does not conform fails such a request with ``NetworkError/Kind/unsupported``
/// before anything is sent.
public protocol WebSocketTransport: Transport {
    /// Performs the opening handshake of `request` (a `GET` to an `http` or `https` URL, sent as `ws` or
    /// `wss`, with the request's header fields) and returns the server's `101` response and the open
    /// connection. ``RequestOptions/webSocket`` holds the connection's settings.
    ///
    /// - Throws: ``NetworkError``: what ``Transport/send(_:)`` would throw for the same fault, and
    ///   ``NetworkError/Kind/invalidResponse`` or ``NetworkError/Kind/unacceptableStatus(_:)`` when the
    ///   server does not switch protocols.
    func openWebSocket(_ request: ClientRequest) async throws -> (ClientResponse, any WebSocketConnection)
}
