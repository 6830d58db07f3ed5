import AsyncHTTPClient
import Courier
import Foundation
import NIOCore

/// Turns a Courier `RequestBody` into an AsyncHTTPClient body.
enum RequestBodyWriter {
    /// The largest part a body in memory is written in when its progress is watched.
    static let progressPartSize = 64 * 1024

    /// The body to attach to the request, and for a streamed body the pump to cancel when the request
    /// ends.
    ///
    /// - Parameter inParts: write a body held in memory in parts of at most ``progressPartSize``, so that
    ///   AsyncHTTPClient reports its progress (`didSendRequestPart`) part by part rather than once.
    static func body(for body: RequestBody, inParts: Bool = false, eventLoop: any EventLoop) throws -> (HTTPClient.Body?, UploadPump?) {
        if let data = body.bufferedData, !(inParts && data.count > progressPartSize) {
            return (data.isEmpty ? nil : .byteBuffer(ByteBuffer(bytes: data)), nil)
        }
        let chunks = try body.chunks()
        let pump = UploadPump()
        let stream = HTTPClient.Body.stream(contentLength: body.length) { writer in
            // NOTE: the writer's futures apply back-pressure: each chunk is written only once the
            // previous one was accepted.
            let promise = eventLoop.makePromise(of: Void.self)
            let task = Task {
                for try await chunk in chunks {
                    try await writer.write(.byteBuffer(ByteBuffer(bytes: chunk))).get()
                }
            }
            pump.hold(task)
            promise.completeWithTask { try await task.value }
            return promise.futureResult
        }
        return (stream, pump)
    }
}

/// The task that reads a streamed body into the connection, cancelled when its request ends so that it
/// never waits on the caller's stream after the request is gone.
///
/// `@unchecked Sendable`: `task` and `cancelled` are only touched under `lock`.
final class UploadPump: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, any Error>?
    private var cancelled = false

    func hold(_ task: Task<Void, any Error>) {
        let cancelNow = lock.withLock {
            self.task = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}
