/// Per-connection WebSocket settings, given to ``Client/webSocket(_:configuration:)-(ClientRequest,_)``.
///
/// ```swift
/// let socket = try await client.webSocket(.chat, configuration: WebSocketConfiguration(maxMessageSize: 1 << 20))
/// ```
public struct WebSocketConfiguration: Sendable, Hashable {
    /// 16 MiB: far more than chat or event messages need, small enough that a runaway peer fails fast.
    public static let defaultMaxMessageSize = 16 << 20

    /// The largest message, in bytes, that is received (after its fragments are joined). A larger one
    /// closes the connection with ``WebSocketCloseCode/messageTooBig`` (1009) and fails the reader with
    /// ``NetworkError/Kind/bodyTooLarge``; nothing past the limit is buffered. (Over
    /// `AsyncHTTPClientTransport`, a message sent as one single frame over the limit is refused by SwiftNIO
    /// with 1009 too, but the reader sees ``NetworkError/Kind/connectionClosed``, whose message names the
    /// limit: swift-websocket 1.6.2 loses the error.)
    public var maxMessageSize: Int

    /// Creates a configuration.
    public init(maxMessageSize: Int = WebSocketConfiguration.defaultMaxMessageSize) {
        precondition(maxMessageSize > 0, "maxMessageSize must be positive")
        self.maxMessageSize = maxMessageSize
    }
}
