import Foundation

/// One whole WebSocket message: text or binary. Fragmented messages arrive reassembled.
///
/// ```swift
/// try await socket.send(.text("hello"))
/// try await socket.send(.binary(Data([0x01, 0x02])))
/// ```
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message (opcode 1), UTF-8 on the wire.
    case text(String)
    /// A binary message (opcode 2).
    case binary(Data)

    /// The message's size on the wire, in bytes (the UTF-8 length of a text message).
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}
