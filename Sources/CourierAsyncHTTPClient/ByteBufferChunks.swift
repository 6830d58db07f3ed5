import Courier
import Foundation
import NIOCore
import NIOFoundationCompat

extension BodyChunks {
    /// The parts of an AsyncHTTPClient body as `Data`, its errors passed through `mapError`. Both of the
    /// transport's paths (the delegate's sequence and the async API's body) read their bodies so.
    static func reading<Buffers: AsyncSequence & Sendable>(
        _ buffers: Buffers,
        mapError: @escaping @Sendable (any Error) -> NetworkError
    ) -> BodyChunks where Buffers.Element == ByteBuffer {
        BodyChunks {
            var iterator = buffers.makeAsyncIterator()
            return {
                do {
                    guard let buffer = try await iterator.next() else { return nil }
                    // NOTE: a large part becomes `Data` over the buffer's own storage, without a copy
                    // (NIO's `.automatic` strategy copies only small parts, where a copy is cheaper).
                    return Data(buffer: buffer, byteTransferStrategy: .automatic)
                } catch {
                    throw mapError(error)
                }
            }
        }
    }
}
