/// An open WebSocket connection, as a transport hands it over: what ``WebSocket`` drives.
///
/// Implement it only to add WebSocket support to a transport of your own (see ``WebSocketTransport``);
/// applications use ``WebSocket``. Every method may be called from any task; ``receive()`` is called by
/// one task at a time.
///
/// Implementations must:
/// - reassemble fragmented messages, and fail ``receive()`` with ``NetworkError/Kind/bodyTooLarge``
///   (closing with 1009) for a message over ``WebSocketConfiguration/maxMessageSize``;
/// - answer the peer's pings and the peer's close frame themselves;
/// - end ``receive()`` with `nil` after the peer's close frame, and fail it with
///   ``NetworkError/Kind/connectionClosed`` when the connection drops without one;
/// - throw only ``NetworkError`` values, and ``NetworkError/Kind/cancelled`` when the calling task is
///   cancelled while it waits (without losing a message that arrives after that);
/// - release the connection in ``abort()``, which must not wait.
public protocol WebSocketConnection: Sendable {
    /// Sends one whole message.
    func send(_ message: WebSocketMessage) async throws
    /// The next message, or `nil` once the connection has closed with a close frame.
    func receive() async throws -> WebSocketMessage?
    /// Sends a ping. It returns when the pong arrives where the transport can see pongs, otherwise when
    /// the ping has been written.
    func ping() async throws
    /// Starts the closing handshake with `code` and `reason`, and returns once the connection is closed.
    func close(code: WebSocketCloseCode, reason: String) async throws
    /// The close frame the peer sent, once it has.
    var peerClose: WebSocketClose? { get }
    /// Drops the connection at once, without a closing handshake.
    func abort()
}
