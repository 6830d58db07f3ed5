import Foundation

/// A body's bytes as an asynchronous sequence of chunks, whatever produced them (memory, a file, a
/// stream, a transport).
///
/// It is type-erased so that ``RequestBody`` and ``ResponseBody`` stay plain values; iterate it with
/// `for try await chunk in chunks`.
public struct BodyChunks: AsyncSequence, Sendable {
    /// One chunk of bytes.
    public typealias Element = Data

    private let make: @Sendable () -> AsyncIterator

    /// Wraps any sequence of `Data` chunks.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        make = {
            var iterator = chunks.makeAsyncIterator()
            return AsyncIterator { try await iterator.next() }
        }
    }

    /// Creates chunks from a function that makes a fresh `next` function for each iteration.
    public init(makeNext: @escaping @Sendable () -> () async throws -> Data?) {
        make = { AsyncIterator(next: makeNext()) }
    }

    /// Makes an iterator over the chunks.
    public func makeAsyncIterator() -> AsyncIterator {
        make()
    }

    /// Walks the chunks of a ``BodyChunks``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let nextChunk: () async throws -> Data?

        init(next: @escaping () async throws -> Data?) {
            nextChunk = next
        }

        /// The next chunk, or `nil` at the end.
        public mutating func next() async throws -> Data? {
            try await nextChunk()
        }
    }

    /// Chunks that hold the bytes of `data`, `chunkSize` at a time.
    static func memory(_ data: Data, chunkSize: Int = 64 * 1024) -> BodyChunks {
        BodyChunks {
            var offset = data.startIndex
            return {
                guard offset < data.endIndex else { return nil }
                let end = data.index(offset, offsetBy: chunkSize, limitedBy: data.endIndex) ?? data.endIndex
                defer { offset = end }
                return data[offset..<end]
            }
        }
    }

    /// These chunks, failing with ``NetworkError/Kind/invalidBody`` as soon as they yield more or
    /// fewer bytes than `length`: no byte past the declared length is ever handed to a transport, and
    /// a stream that is longer fails before its last declared byte is handed over (so a transport that
    /// stops reading at `length` still learns that the body was wrong).
    func checkingLength(_ length: Int64) -> BodyChunks {
        BodyChunks {
            var iterator = makeAsyncIterator()
            var seen: Int64 = 0
            return {
                guard let chunk = try await iterator.next() else {
                    guard seen == length else {
                        throw NetworkError(.invalidBody, message: "the body stream ended after \(seen) bytes but declared \(length).")
                    }
                    return nil
                }
                seen += Int64(chunk.count)
                guard seen <= length else {
                    throw NetworkError(.invalidBody, message: "the body stream yielded more than the \(length) bytes it declared; nothing past them was sent.")
                }
                if seen == length, let extra = try await iterator.next(), !extra.isEmpty {
                    throw NetworkError(.invalidBody, message: "the body stream yielded more than the \(length) bytes it declared; nothing past them was sent.")
                }
                return chunk
            }
        }
    }
}
