/// An open WebSocket: send messages, read the peer's as an `AsyncSequence`, ping, and close with a code
/// and a reason.
///
/// Open one with ``Client/webSocket(_:configuration:)-(ClientRequest,_)``; the opening request goes through every layer of
/// the client first, so server targeting, authorization and logging apply to it as to any request.
///
/// ```swift
/// let socket = try await client.webSocket(Endpoint<Void>(path: "/chat"))
/// try await socket.send(.text("hello"))
/// for try await message in socket.messages {
///     if case .text(let text) = message { print(text) }
/// }
/// print(socket.peerClose?.code ?? .normalClosure)
/// ```
///
/// The sequence of messages ends when the peer closes with a close frame (read its code and reason
/// from ``peerClose``) and fails with ``NetworkError/Kind/connectionClosed`` when the connection drops
/// without one, with ``NetworkError/Kind/bodyTooLarge`` past ``WebSocketConfiguration/maxMessageSize``.
///
/// The socket belongs to its owner: when the last reference to it goes, the connection is dropped, so a
/// cancelled task that held it leaves nothing open behind. Close it explicitly to say goodbye with a code.
/// Cancelling a task that waits in ``send(_:)``, ``receive()`` or ``ping()`` ends that wait with
/// ``NetworkError/Kind/cancelled``; over `AsyncHTTPClientTransport` the connection stays open for its owner
/// (URLSession cannot stop one receive alone, so there a cancelled receive drops the connection).
public final class WebSocket: Sendable {
    /// The server's `101 Switching Protocols` response, with the request as the layers sent it.
    public let response: ClientResponse
    private let connection: any WebSocketConnection

    /// A socket over an open connection; `response` is the answer to its opening request.
    public init(response: ClientResponse, connection: any WebSocketConnection) {
        self.response = response
        self.connection = connection
    }

    deinit {
        connection.abort()
    }

    /// Sends one message.
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/connectionClosed`` once the connection has
    ///   closed, ``NetworkError/Kind/cancelled``.
    public func send(_ message: WebSocketMessage) async throws {
        try await attach { try await connection.send(message) }
    }

    /// The next message; `nil` once the peer has closed the connection with a close frame.
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/connectionClosed`` when the connection dropped
    ///   without a close frame, ``NetworkError/Kind/bodyTooLarge`` for a message over the limit,
    ///   ``NetworkError/Kind/cancelled``.
    public func receive() async throws -> WebSocketMessage? {
        try await attach { try await connection.receive() }
    }

    /// The peer's messages, in order, until it closes. Read it from one task at a time.
    public var messages: Messages { Messages(socket: self) }

    /// Sends a ping. Over `URLSessionTransport` it returns when the pong arrives; over
    /// `AsyncHTTPClientTransport` when the ping is written (swift-websocket consumes pongs itself). Pings
    /// from the peer are answered without help.
    public func ping() async throws {
        try await attach { try await connection.ping() }
    }

    /// Closes the connection with `code` and `reason` (at most 123 bytes of UTF-8), and returns once the
    /// peer has answered the closing handshake or the connection has dropped.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidBody`` for a longer reason, before
    ///   anything is sent (RFC 6455 §5.5 limits a control frame to 125 bytes).
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async throws {
        guard reason.utf8.count <= 123 else {
            throw NetworkError(
                .invalidBody,
                message: "a WebSocket close reason is at most 123 bytes of UTF-8 (RFC 6455 §5.5); this one has \(reason.utf8.count). Nothing was sent.",
                request: response.request
            )
        }
        try await attach { try await connection.close(code: code, reason: reason) }
    }

    /// The close frame the peer sent, once it has: its code and its reason.
    public var peerClose: WebSocketClose? { connection.peerClose }

    /// Runs `operation`, attaching the opening request to the error it throws.
    private func attach<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch {
            throw NetworkError.wrapping(error, request: response.request)
        }
    }
}

extension WebSocket {
    /// The messages of a ``WebSocket``, as an `AsyncSequence` that ends when the peer closes.
    public struct Messages: AsyncSequence, Sendable {
        /// Each message the peer sends.
        public typealias Element = WebSocketMessage

        let socket: WebSocket

        /// Reads the socket's next message on each call.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let socket: WebSocket

            /// The next message, or `nil` once the peer has closed.
            public mutating func next() async throws -> WebSocketMessage? {
                try await socket.receive()
            }
        }

        /// An iterator over the socket's messages.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(socket: socket)
        }
    }
}
