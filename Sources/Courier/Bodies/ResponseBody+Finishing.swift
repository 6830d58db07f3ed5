import Foundation

/// How a response body's transfer ended.
enum BodyEnding: Sendable {
    /// Read to the end.
    case finished
    /// The transport failed while it was read.
    case failed(any Error)
    /// Dropped before its end: nobody will read the rest.
    case abandoned
}

extension ResponseBody {
    /// This body, calling `action` once when it has been read to the end, has failed, or has been
    /// dropped unread: for a layer that holds something (a throttle slot) until the response is over,
    /// not only until its head arrived. A body in memory is already over: `action` runs at once.
    func onFinish(_ action: @escaping @Sendable () -> Void) -> ResponseBody {
        observing { _, _ in action() }
    }

    /// This body, showing each chunk to `onChunk` as the reader takes it, and calling `onEnd` once with
    /// the number of bytes read and how the transfer ended: for layers that report on a whole exchange
    /// (logging, metrics, tracing) without buffering or delaying it. A body in memory ends at once.
    func observing(
        onChunk: (@Sendable (Data) -> Void)? = nil,
        onEnd: @escaping @Sendable (_ bytes: Int64, _ ending: BodyEnding) -> Void
    ) -> ResponseBody {
        guard case .stream(let chunks, _) = storage else {
            let data = bufferedData ?? Data()
            if !data.isEmpty { onChunk?(data) }
            onEnd(Int64(data.count), .finished)
            return self
        }
        let watch = BodyWatch(onEnd)
        return ResponseBody(length: length, chunks: BodyChunks {
            var iterator = chunks.makeAsyncIterator()
            return {
                do {
                    guard let chunk = try await iterator.next() else {
                        watch.end(.finished)
                        return nil
                    }
                    watch.count(chunk.count)
                    onChunk?(chunk)
                    return chunk
                } catch {
                    watch.end(.failed(error))
                    throw error
                }
            }
        })
    }
}

/// Counts a body's bytes and reports its end once: when told, or as abandoned at the latest when the
/// last reference to it (held by the body's iterator) goes away.
private final class BodyWatch: Sendable {
    private struct State {
        var bytes: Int64 = 0
        var onEnd: (@Sendable (Int64, BodyEnding) -> Void)?
    }

    private let state: Locked<State>

    init(_ onEnd: @escaping @Sendable (Int64, BodyEnding) -> Void) {
        state = Locked(State(onEnd: onEnd))
    }

    func count(_ bytes: Int) {
        state.withLock { $0.bytes += Int64(bytes) }
    }

    func end(_ ending: BodyEnding) {
        let (bytes, onEnd) = state.withLock { state in
            defer { state.onEnd = nil }
            return (state.bytes, state.onEnd)
        }
        onEnd?(bytes, ending)
    }

    deinit {
        end(.abandoned)
    }
}
