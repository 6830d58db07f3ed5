import Foundation

extension ResponseBody {
    /// This body, calling `action` once when it has been read to the end, has failed, or has been
    /// dropped unread.
    ///
    /// Use it in a layer that holds something (a concurrency slot, a lease, a lock on a file) until the
    /// response is over, not only until its head arrived: a streamed body keeps its connection busy
    /// until it is read or dropped. A body in memory is already over: `action` runs at once. Nothing
    /// is buffered or delayed, and `action` runs on whichever task ends the body, so keep it short and
    /// non-blocking. To know how the body ended, use ``observing(onChunk:onEnd:)``.
    ///
    /// ```swift
    /// struct OneAtATime: Middleware {
    ///     let gate: Gate   // yours: a Sendable class with `enter() async` and `leave()`
    ///
    ///     func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
    ///         await gate.enter()
    ///         var response: ClientResponse
    ///         do { response = try await next(request) } catch { gate.leave(); throw error }
    ///         response.body = response.body.onFinish { gate.leave() }
    ///         return response
    ///     }
    /// }
    /// ```
    public func onFinish(_ action: @escaping @Sendable () -> Void) -> ResponseBody {
        observing { _, _ in action() }
    }

    /// This body, showing each chunk to `onChunk` as the reader takes it, and calling `onEnd` once with
    /// the number of bytes read and how the transfer ended.
    ///
    /// Use it in a layer that reports on a whole exchange (a log line with the byte count, a duration
    /// metric, a span that ends with the body) without buffering or delaying it: the reader still gets
    /// every chunk as it arrives. `onEnd` runs once: with ``BodyEnding/finished`` after the last chunk,
    /// ``BodyEnding/failed(_:)`` when reading throws, or ``BodyEnding/abandoned`` when the body is dropped
    /// unread. A body in memory ends at once: `onChunk` sees its bytes and `onEnd` runs before this
    /// returns. Both closures run on the reader's task: keep them short and non-blocking.
    ///
    /// ```swift
    /// struct BodySizeLogger: Middleware {
    ///     let logger: Logger
    ///
    ///     func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
    ///         var response = try await next(request)
    ///         response.body = response.body.observing { [logger] bytes, ending in
    ///             logger.info("\(request.method) \(request.head.path ?? "/"): \(bytes) bytes, \(ending)")
    ///         }
    ///         return response
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - onChunk: shown each chunk as the reader takes it; `nil` to count bytes only.
    ///   - onEnd: called once with the bytes read and how the transfer ended.
    public func observing(
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
        return ResponseBody(length: length, chunks: BodyChunks(makeIterator: {
            BodyChunks.AsyncIterator(cursor: WatchedReading(chunks.makeAsyncIterator(), watch: watch, onChunk: onChunk))
        }))
    }
}

/// Counts a body's bytes and reports its end once: when its reading runs out or fails, or as abandoned at the
/// latest when the last reference to it (held by the body and its reading) goes away.
///
/// `@unchecked Sendable`: the mutable state is touched by the body's one reading, one `next()` after another (a
/// ``ResponseBody`` hands out one iterator), and by `deinit`, which runs only once nothing else holds the watch,
/// so never at the same time as the reading.
private final class BodyWatch: @unchecked Sendable {
    private var bytes: Int64 = 0
    private var onEnd: (@Sendable (Int64, BodyEnding) -> Void)?

    init(_ onEnd: @escaping @Sendable (Int64, BodyEnding) -> Void) {
        self.onEnd = onEnd
    }

    func count(_ chunk: Data) {
        bytes += Int64(chunk.count)
    }

    func end(_ ending: BodyEnding) {
        guard let onEnd else { return }
        self.onEnd = nil
        onEnd(bytes, ending)
    }

    deinit {
        end(.abandoned)
    }
}

/// One reading of an observed body: the upstream iterator, the watch, and what is shown each chunk.
///
/// `@unchecked Sendable`: `upstream` is touched only by this reading's iterator, one `next()` after another
/// (``ChunkCursor``); the rest is constant.
private final class WatchedReading: ChunkCursor, @unchecked Sendable {
    private var upstream: BodyChunks.AsyncIterator
    private let watch: BodyWatch
    private let onChunk: (@Sendable (Data) -> Void)?

    init(_ upstream: BodyChunks.AsyncIterator, watch: BodyWatch, onChunk: (@Sendable (Data) -> Void)?) {
        self.upstream = upstream
        self.watch = watch
        self.onChunk = onChunk
    }

    func next() async throws -> Data? {
        do {
            guard let chunk = try await upstream.next() else {
                watch.end(.finished)
                return nil
            }
            watch.count(chunk)
            onChunk?(chunk)
            return chunk
        } catch {
            watch.end(.failed(error))
            throw error
        }
    }
}
