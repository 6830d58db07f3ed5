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

    /// Chunks read by the iterators `makeIterator` makes, one for each iteration: with
    /// ``AsyncIterator/init(cursor:)``, one object per reading where a `next` function takes a context, a box
    /// for the iterator it captures and a wrapper, for what every exchange makes per request (a transport's
    /// body, an observed body). `package`: the transports' modules read their bodies so.
    ///
    /// NOTE: the iterator, not the sequence, must hold what reads the bytes: a reader that stops (a body over
    /// its limit) drops its iterator, and that is what stops the transfer while the body value lives on.
    package init(makeIterator: @escaping @Sendable () -> AsyncIterator) {
        make = makeIterator
    }

    /// Makes an iterator over the chunks.
    public func makeAsyncIterator() -> AsyncIterator {
        make()
    }

    /// Walks the chunks of a ``BodyChunks``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum Source {
            case function(() async throws -> Data?)
            case cursor(any ChunkCursor)
        }

        private let source: Source

        init(next: @escaping () async throws -> Data?) {
            source = .function(next)
        }

        /// An iterator that asks `cursor` for each chunk.
        package init(cursor: any ChunkCursor) {
            source = .cursor(cursor)
        }

        /// The next chunk, or `nil` at the end.
        public mutating func next() async throws -> Data? {
            switch source {
            case .function(let next): try await next()
            case .cursor(let cursor): try await cursor.next()
            }
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

/// An object that yields the chunks of one reading of a body, for ``BodyChunks/AsyncIterator/init(cursor:)``:
/// only that reading's iterator calls `next()`, one call after another.
package protocol ChunkCursor: AnyObject, Sendable {
    func next() async throws -> Data?
}
