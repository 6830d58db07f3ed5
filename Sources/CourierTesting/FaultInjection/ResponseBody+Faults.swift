import Courier
import Foundation

extension ResponseBody {
    /// This body, failing with `kind` after `limit` bytes (or where it would have ended, when it is
    /// shorter), as a connection that drops would. The announced length stays: a real cut leaves it too.
    func dropping(after limit: Int, kind: NetworkError.Kind, request: ClientRequest) -> ResponseBody {
        let body = self
        return ResponseBody(length: length, chunks: BodyChunks {
            var iterator = body.makeAsyncIterator()
            var delivered = 0
            return {
                guard delivered < limit, let chunk = try await iterator.next() else {
                    throw NetworkError(
                        kind,
                        message: "FaultInjection dropped the connection after \(delivered) bytes of the response body.",
                        request: request
                    )
                }
                let piece = chunk.prefix(limit - delivered)
                delivered += piece.count
                return Data(piece)
            }
        })
    }

    /// This body delivered at most `bytesPerSecond`: each slice of up to a tenth of a second's worth of
    /// bytes arrives after the time it takes at that rate, waited on `clock`. Cancelling the reader
    /// during a wait fails it with `NetworkError.Kind.cancelled`, as a transport's body would.
    func paced(bytesPerSecond: Int, clock: some Clock<Duration>, request: ClientRequest) -> ResponseBody {
        let body = self
        let sliceSize = Swift.max(1, bytesPerSecond / 10)
        return ResponseBody(length: length, chunks: BodyChunks {
            var iterator = body.makeAsyncIterator()
            var pending = Data()
            return {
                if pending.isEmpty {
                    guard let chunk = try await iterator.next() else { return nil }
                    pending = chunk
                }
                let slice = pending.prefix(sliceSize)
                pending = Data(pending.dropFirst(slice.count))
                do {
                    try await clock.sleep(for: .nanoseconds(Int64(slice.count) * 1_000_000_000 / Int64(bytesPerSecond)))
                } catch {
                    throw NetworkError.wrapping(error, request: request)
                }
                return Data(slice)
            }
        })
    }
}
