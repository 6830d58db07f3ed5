// Declared in the core: `Client.send` opens a WebSocket when `webSocket` is set, transports read its settings, and
// built-ins that must not share or repeat an opening (duplicate removal, hedging) check it.

/// Marks a request as a WebSocket opening (see ``RequestOptions/webSocket``).
enum WebSocketOptionKey: RequestOptionKey {
    static let defaultValue: WebSocketConfiguration? = nil
}

/// The connection a ``WebSocketTransport`` opened, riding up the chain on the response's request.
enum WebSocketHandleOptionKey: RequestOptionKey {
    static let defaultValue: WebSocketHandle? = nil
}

extension RequestOptions {
    /// The settings of the WebSocket this request opens; `nil` (the default) for an ordinary request.
    ///
    /// ``Client/webSocket(_:configuration:)-(ClientRequest,_)`` sets it; the end of the chain then opens the WebSocket with
    /// ``WebSocketTransport/openWebSocket(_:)``. A middleware can read it to treat the opening
    /// differently (not to cache it, say); a transport reads the settings from it.
    public var webSocket: WebSocketConfiguration? {
        get { self[WebSocketOptionKey.self] }
        set { self[WebSocketOptionKey.self] = newValue }
    }

    /// The open connection, on the request of the `101` response the transport returned.
    var webSocketHandle: WebSocketHandle? {
        get { self[WebSocketHandleOptionKey.self] }
        set { self[WebSocketHandleOptionKey.self] = newValue }
    }
}
