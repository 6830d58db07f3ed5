import Foundation

/// What a request sends after its head.
///
/// A body says whether it can be sent again (``isReplayable``) and how long it is when that is known
/// (``length``), so that middleware such as retry and redirect can decide without consuming it.
public struct RequestBody: Sendable {
    enum Storage: Sendable {
        case empty
        case bytes(Data)
    }

    let storage: Storage

    /// No body.
    public static let empty = RequestBody(storage: .empty)

    /// A body held in memory.
    public static func bytes(_ data: Data) -> RequestBody {
        data.isEmpty ? .empty : RequestBody(storage: .bytes(data))
    }

    /// A body holding the UTF-8 bytes of `text`.
    public static func text(_ text: String) -> RequestBody {
        .bytes(Data(text.utf8))
    }

    /// The number of bytes the body will send, when known before sending.
    public var length: Int64? {
        switch storage {
        case .empty: 0
        case .bytes(let data): Int64(data.count)
        }
    }

    /// Whether the body can be sent a second time (by a retry or a redirect) with the same bytes.
    public var isReplayable: Bool { true }

    /// Whether the body sends nothing.
    public var isEmpty: Bool { length == 0 }

    /// The bytes, when the body is held in memory.
    public var bufferedData: Data? {
        switch storage {
        case .empty: Data()
        case .bytes(let data): data
        }
    }
}
