/// A WebSocket close status code (RFC 6455 §7.4): why a side closed the connection.
///
/// Codes 1000–2999 are defined by the RFC and IANA, 3000–3999 are registered by libraries and
/// frameworks, 4000–4999 are for applications.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as sent on the wire.
    public var rawValue: UInt16

    /// Creates a code from its number.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the side is going away (a server shutting down, a page navigating away).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the other side broke the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: a message of a type the side cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1007: a text message that is not UTF-8, or data inconsistent with its type.
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message that violates the side's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message too big to process; Courier sends it when ``WebSocketConfiguration/maxMessageSize``
    /// is passed.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1011: the server met an unexpected condition.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)

    /// The number, `1000`.
    public var description: String { String(rawValue) }
}

/// The close frame a peer sent: its code and its reason (empty when it gave none).
public struct WebSocketClose: Sendable, Hashable {
    /// Why the peer closed.
    public var code: WebSocketCloseCode
    /// The peer's explanation, UTF-8, at most 123 bytes on the wire; empty when it gave none.
    public var reason: String

    /// Creates a close description.
    public init(code: WebSocketCloseCode, reason: String = "") {
        self.code = code
        self.reason = reason
    }
}
