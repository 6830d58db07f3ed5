import Foundation
import HTTPTypes

/// What a response carries after its head: bytes already in memory, or a stream of chunks arriving
/// from the transport with back-pressure.
///
/// Read it whole with ``collect(upTo:)``, which always takes a byte limit: going past it fails with
/// ``NetworkError/Kind/bodyTooLarge`` and stops the transfer at once. Or iterate the chunks as they
/// arrive, for bodies too large to hold:
///
/// ```swift
/// let response = try await client.send(ClientRequest(url: "https://example.com/big.iso"))
/// for try await chunk in response.body {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// A streamed body can be read once; stopping early (dropping the iterator) cancels the transfer.
public struct ResponseBody: AsyncSequence, Sendable {
    /// One chunk of bytes.
    public typealias Element = Data

    enum Storage: Sendable {
        case bytes(Data)
        case stream(BodyChunks, consumed: ConsumedFlag)
    }

    let storage: Storage

    /// The body's length from `Content-Length`, when the server sent it.
    public let length: Int64?

    /// No bytes.
    public static let empty = ResponseBody(Data())

    /// A body already held in memory.
    public init(_ data: Data) {
        storage = .bytes(data)
        length = Int64(data.count)
    }

    /// A body that arrives as `chunks`; transports create these.
    ///
    /// - Parameters:
    ///   - length: the announced length, if any; ``collect(upTo:)`` fails at once when it is
    ///     over the limit.
    ///   - chunks: the bytes as they arrive.
    public init(length: Int64?, chunks: BodyChunks) {
        storage = .stream(chunks, consumed: ConsumedFlag())
        self.length = length
    }

    /// All the bytes of the body.
    ///
    /// - Parameter limit: the most bytes to accept.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/bodyTooLarge`` as soon as the announced
    ///   length or the bytes received pass `limit` (the transfer is stopped), or the transport's error.
    public func collect(upTo limit: Int) async throws -> Data {
        if let length, length > limit {
            throw NetworkError(.bodyTooLarge, message: "the body announces \(length) bytes; the limit is \(limit).")
        }
        switch storage {
        case .bytes(let data):
            return data
        case .stream:
            var iterator = makeAsyncIterator()
            // A body that arrives in one part (most small ones) is that part: no copy.
            guard let first = try await iterator.next() else { return Data() }
            guard first.count <= limit else { throw Self.passedLimit(limit) }
            // (A slice is copied: callers may index the result from 0.)
            guard let second = try await iterator.next() else { return first.startIndex == 0 ? first : Data(first) }
            var data = Data()
            data.reserveCapacity(Swift.max(Int(length ?? 0), first.count + second.count))
            data.append(first)
            var next: Data? = second
            while let chunk = next {
                guard data.count + chunk.count <= limit else { throw Self.passedLimit(limit) }
                data.append(chunk)
                next = try await iterator.next()
            }
            return data
        }
    }

    private static func passedLimit(_ limit: Int) -> NetworkError {
        NetworkError(.bodyTooLarge, message: "the body passed the limit of \(limit) bytes; the transfer was stopped.")
    }

    /// The body length a response head announces for the bytes a transport will deliver, for
    /// ``init(length:chunks:)``: 0 when the response cannot have a body (to HEAD, 1xx, 204, 304 — RFC 9110
    /// §6.4.1; their `Content-Length` describes another response), `nil` when it is unknown or when a
    /// `Content-Encoding` may be decoded on the way.
    public static func announcedLength(of head: HTTPResponse, for request: HTTPRequest) -> Int64? {
        let status = head.status.code
        if request.method == .head || (100...199).contains(status) || status == 204 || status == 304 {
            return 0
        }
        guard head.headerFields[.contentEncoding] == nil else { return nil }
        return head.headerFields[.contentLength].flatMap { Int64($0) }
    }

    /// The bytes, when the body is held in memory; used for previews in errors and logs.
    public var bufferedData: Data? {
        if case .bytes(let data) = storage { return data }
        return nil
    }

    /// Makes an iterator over the chunks. A streamed body yields its chunks to the first iterator only;
    /// a second one fails with ``NetworkError/Kind/invalidBody``.
    public func makeAsyncIterator() -> BodyChunks.AsyncIterator {
        switch storage {
        case .bytes(let data):
            return BodyChunks.memory(data).makeAsyncIterator()
        case .stream(let chunks, let consumed):
            guard consumed.claim() else {
                return BodyChunks {
                    { throw NetworkError(.invalidBody, message: "a streamed response body can be read once.") }
                }.makeAsyncIterator()
            }
            return chunks.makeAsyncIterator()
        }
    }
}
