import Foundation

/// What a response carries after its head.
///
/// Read it with ``collect(upTo:)``, which always takes a byte limit: going past it fails with
/// ``NetworkError/Kind/bodyTooLarge`` instead of filling memory.
public struct ResponseBody: Sendable {
    enum Storage: Sendable {
        case bytes(Data)
    }

    let storage: Storage

    /// No bytes.
    public static let empty = ResponseBody(storage: .bytes(Data()))

    /// A body already held in memory.
    public init(_ data: Data) {
        storage = .bytes(data)
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// All the bytes of the body.
    ///
    /// - Parameter limit: the most bytes to accept.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/bodyTooLarge`` when the body is larger.
    public func collect(upTo limit: Int) async throws -> Data {
        switch storage {
        case .bytes(let data):
            guard data.count <= limit else {
                throw NetworkError(.bodyTooLarge, message: "the body has \(data.count) bytes; the limit is \(limit).")
            }
            return data
        }
    }

    /// The bytes, when the body is held in memory; used for previews in errors and logs.
    public var bufferedData: Data? {
        switch storage {
        case .bytes(let data): data
        }
    }
}
