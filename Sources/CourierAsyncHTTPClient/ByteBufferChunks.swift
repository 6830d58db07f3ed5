import Courier
import Foundation
import NIOCore
import NIOFoundationCompat

extension BodyChunks {
    /// The parts of an AsyncHTTPClient body as `Data`, its errors passed through `mapError`, `owner` kept alive
    /// until the body is done with (the transport, whose `HTTPClient` delivers it); its end is marked on
    /// `timeline`. Both of the transport's paths (the delegate's sequence and the async API's body) read their
    /// bodies so.
    static func reading<Buffers: AsyncSequence & Sendable>(
        _ buffers: Buffers,
        owner: any AnyObject & Sendable,
        timeline: ExchangeTimeline,
        mapError: @escaping @Sendable (any Error) -> NetworkError
    ) -> BodyChunks where Buffers.Element == ByteBuffer {
        BodyChunks(makeIterator: {
            BodyChunks.AsyncIterator(cursor: BufferReading(buffers.makeAsyncIterator(), owner: owner, timeline: timeline, mapError: mapError))
        })
    }
}

/// One reading of an AsyncHTTPClient body.
///
/// NOTE: one object per reading, not a `next` closure (with a box for the iterator it captures) wrapped again to
/// keep the transport alive: every request's body is read so, and those allocations showed in the bare
/// client's cost per request (Benchmarks/load, `courier-bare` against `raw-ahc`). The reading holds the
/// iterator, so a reader that stops early (a body over its limit) drops it and the transfer stops.
///
/// `@unchecked Sendable`: `iterator` is touched only by this reading's iterator, one `next()` after another
/// (`ChunkCursor`); the rest is constant.
private final class BufferReading<Iterator: AsyncIteratorProtocol>: ChunkCursor, @unchecked Sendable where Iterator.Element == ByteBuffer {
    private var iterator: Iterator
    /// Kept, never read: the body must not outlive what delivers it.
    private let owner: any AnyObject & Sendable
    private let timeline: ExchangeTimeline
    private let mapError: @Sendable (any Error) -> NetworkError

    init(_ iterator: Iterator, owner: any AnyObject & Sendable, timeline: ExchangeTimeline, mapError: @escaping @Sendable (any Error) -> NetworkError) {
        self.iterator = iterator
        self.owner = owner
        self.timeline = timeline
        self.mapError = mapError
    }

    func next() async throws -> Data? {
        do {
            guard let buffer = try await iterator.next() else {
                timeline.mark(.bodyEnd)
                return nil
            }
            // NOTE: a large part becomes `Data` over the buffer's own storage, without a copy
            // (NIO's `.automatic` strategy copies only small parts, where a copy is cheaper).
            return Data(buffer: buffer, byteTransferStrategy: .automatic)
        } catch {
            throw mapError(error)
        }
    }
}
