import Foundation

/// What a request sends after its head: nothing, bytes in memory, a stream of chunks, or a file.
///
/// A body says whether it can be sent again (``isReplayable``) and how long it is when that is known
/// (``length``), so that middleware such as retry and redirect can decide without consuming it.
///
/// ```swift
/// let small = RequestBody.bytes(Data("hello".utf8))
/// let upload = try RequestBody.file(at: URL(fileURLWithPath: "/tmp/video.mov"))   // read in chunks
/// let generated = RequestBody.stream(length: 3) {                                 // made afresh per send
///     AsyncStream { continuation in continuation.yield(Data("abc".utf8)); continuation.finish() }
/// }
/// ```
public struct RequestBody: Sendable {
    enum Storage: Sendable {
        case empty
        case bytes(Data)
        case stream(length: Int64?, replayable: Bool, make: @Sendable () throws -> BodyChunks)
        case file(URL, length: Int64, chunkSize: Int)
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

    /// A replayable stream: `makeChunks` is called each time the body is sent (by a retry or a 307
    /// redirect, too), and must produce the same bytes each time.
    ///
    /// - Parameters:
    ///   - length: the exact byte count when known, so `Content-Length` is sent instead of
    ///     chunked encoding; a stream that yields more or fewer bytes fails with
    ///     ``NetworkError/Kind/invalidBody`` and nothing past the declared length is sent.
    ///   - makeChunks: makes the chunks afresh for each send.
    public static func stream<Chunks: AsyncSequence & Sendable>(
        length: Int64? = nil,
        _ makeChunks: @escaping @Sendable () -> Chunks
    ) -> RequestBody where Chunks.Element == Data {
        RequestBody(storage: .stream(length: length, replayable: true) { BodyChunks(makeChunks()) })
    }

    /// A single-pass stream: it can be sent once. Middleware that would send it again (retry, a 307
    /// redirect) see ``isReplayable`` is `false` and do not; a second attempt to read it fails with
    /// ``NetworkError/Kind/invalidBody``.
    public static func singlePass<Chunks: AsyncSequence & Sendable>(
        length: Int64? = nil,
        _ chunks: Chunks
    ) -> RequestBody where Chunks.Element == Data {
        let consumed = ConsumedFlag()
        return RequestBody(storage: .stream(length: length, replayable: false) {
            guard consumed.claim() else {
                throw NetworkError(.invalidBody, message: "a single-pass body cannot be sent twice; use RequestBody.stream(_:) to make it replayable.")
            }
            return BodyChunks(chunks)
        })
    }

    /// A file read from disk in chunks while it is sent, so it never sits in memory whole. Replayable.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidBody`` when the file does not
    ///   exist or is not a readable regular file — before anything is sent.
    public static func file(at url: URL, chunkSize: Int = 64 * 1024) throws -> RequestBody {
        precondition(chunkSize > 0, "chunkSize must be positive")
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw NetworkError(.invalidBody, message: "the file '\(url.path)' cannot be read.", underlying: error)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? NSNumber else {
            throw NetworkError(.invalidBody, message: "'\(url.path)' is not a regular file.")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw NetworkError(.invalidBody, message: "the file '\(url.path)' is not readable.")
        }
        return RequestBody(storage: .file(url, length: size.int64Value, chunkSize: chunkSize))
    }

    /// The number of bytes the body will send, when known before sending.
    public var length: Int64? {
        switch storage {
        case .empty: 0
        case .bytes(let data): Int64(data.count)
        case .stream(let length, _, _): length
        case .file(_, let length, _): length
        }
    }

    /// Whether the body can be sent a second time (by a retry or a redirect) with the same bytes.
    public var isReplayable: Bool {
        switch storage {
        case .empty, .bytes, .file: true
        case .stream(_, let replayable, _): replayable
        }
    }

    /// Whether the body is known to send nothing.
    public var isEmpty: Bool { length == 0 }

    /// The bytes, when the body is held in memory; `nil` for streams and files.
    public var bufferedData: Data? {
        switch storage {
        case .empty: Data()
        case .bytes(let data): data
        case .stream, .file: nil
        }
    }

    /// The file behind the body, when it is one; transports that can send a file natively use it.
    public var fileURL: URL? {
        if case .file(let url, _, _) = storage { return url }
        return nil
    }

    /// The body's bytes as chunks, for a transport to send. Each call starts from the beginning.
    ///
    /// - Throws: ``NetworkError/Kind/invalidBody`` for a single-pass body read a second time.
    public func chunks() throws -> BodyChunks {
        switch storage {
        case .empty:
            return BodyChunks.memory(Data())
        case .bytes(let data):
            return BodyChunks.memory(data)
        case .stream(let length, _, let make):
            let chunks = try make()
            return length.map { chunks.checkingLength($0) } ?? chunks
        case .file(let url, let length, let chunkSize):
            return FileChunks.chunks(of: url, chunkSize: chunkSize).checkingLength(length)
        }
    }
}

/// Set once, by whoever gets there first: guards a single-pass body. Copies share the flag.
struct ConsumedFlag: Sendable {
    private let claimed = Locked(false)

    /// `true` for the first caller only.
    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
