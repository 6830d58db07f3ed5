import AsyncHTTPClient
import Courier
import Foundation
import NIOCore

/// Turns a Courier `RequestBody` into an AsyncHTTPClient body.
enum RequestBodyWriter {
    /// The largest part a body in memory is written in when its progress is watched.
    static let progressPartSize = 64 * 1024

    /// The body to attach to the request, and for a streamed body the pump that writes it.
    ///
    /// - Parameter inParts: write a body held in memory in parts of at most ``progressPartSize``, so that
    ///   AsyncHTTPClient reports its progress (`didSendRequestPart`) part by part rather than once.
    static func body(for body: RequestBody, inParts: Bool = false, eventLoop: any EventLoop) throws -> (HTTPClient.Body?, UploadPump?) {
        if let data = body.bufferedData, !(inParts && data.count > progressPartSize) {
            return (data.isEmpty ? nil : .byteBuffer(ByteBuffer(bytes: data)), nil)
        }
        let chunks = try body.chunks()
        let pump = UploadPump(promise: eventLoop.makePromise(of: Void.self))
        let stream = HTTPClient.Body.stream(contentLength: body.length) { writer in
            pump.start {
                var iterator = chunks.makeAsyncIterator()
                var current = try await iterator.next()
                while let chunk = current {
                    // NOTE: the writer's futures apply back-pressure: each chunk is written only once the
                    // previous one was accepted, and AsyncHTTPClient may never complete one (it pauses the
                    // upload for good when a 3xx/4xx answer arrives first), so the waits are cancellable.
                    let next = try await iterator.next()
                    let written = writer.write(.byteBuffer(ByteBuffer(bytes: chunk)))
                    // NOTE: the body's end is reported from the last write's own completion, on the event
                    // loop, as AsyncHTTPClient's in-memory bodies do. Reported later, from this task, it can
                    // reach AsyncHTTPClient after the server's answer (sent as soon as the last byte
                    // arrived), and the connection then stayed leased for ever: the pool starved.
                    guard next != nil else { return written }
                    try await written.cancellableValue()
                    current = next
                }
                return nil
            }
        }
        return (stream, pump)
    }
}

/// The task that reads a streamed body into the connection, and the future AsyncHTTPClient waits on for
/// its end. ``stop(with:)`` ends both at once — when the request is over, or when the server answered
/// before reading the body — so no task is left waiting on the caller's stream or on a write that
/// AsyncHTTPClient will never acknowledge.
///
/// `@unchecked Sendable`: `task`, `stopped` and `finished` are only touched under `lock`; the promise is
/// completed once, by whoever first sets `finished`.
final class UploadPump: @unchecked Sendable {
    private let lock = NSLock()
    private let promise: EventLoopPromise<Void>
    private var task: Task<Void, Never>?
    private var stopped: (any Error)?
    private var finished = false

    init(promise: EventLoopPromise<Void>) {
        self.promise = promise
    }

    /// Runs `write` in a task of its own; returns the future that ends with it — with the future `write`
    /// returns (its last write), when it returns one.
    func start(_ write: @escaping @Sendable () async throws -> EventLoopFuture<Void>?) -> EventLoopFuture<Void> {
        let task = Task {
            do {
                if let last = try await write() {
                    last.whenComplete { self.finish($0) }
                } else {
                    self.finish(.success(()))
                }
            } catch {
                self.finish(.failure(error))
            }
        }
        let stoppedAlready = lock.withLock {
            self.task = task
            return stopped
        }
        if let stoppedAlready { stop(with: stoppedAlready) }
        return promise.futureResult
    }

    /// Ends the upload now with `error`, unless it has already ended.
    func stop(with error: any Error) {
        let task = lock.withLock {
            if stopped == nil { stopped = error }
            return self.task
        }
        task?.cancel()
        finish(.failure(error))
    }

    private func finish(_ result: Result<Void, any Error>) {
        let first = lock.withLock {
            defer { finished = true }
            return !finished
        }
        if first { promise.completeWith(result) }
    }
}

extension EventLoopFuture where Value: Sendable {
    /// The future's value, awaited in a way that the calling task's cancellation ends (with
    /// `CancellationError`) even if the future is never completed.
    func cancellableValue() async throws -> Value {
        let box = ContinuationBox<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                box.set(continuation)
                self.whenComplete { box.resume(with: $0) }
            }
        } onCancel: {
            box.resume(with: .failure(CancellationError()))
        }
    }
}

/// A continuation resumed once, by whichever of its resumers comes first.
///
/// `@unchecked Sendable`: `continuation` and `pending` are only touched under `lock`.
private final class ContinuationBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var pending: Result<Value, any Error>?

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = lock.withLock {
            if let pending { return pending }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func resume(with result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = lock.withLock {
            guard let continuation = self.continuation else {
                if pending == nil { pending = result }
                return nil
            }
            self.continuation = nil
            pending = result
            return continuation
        }
        continuation?.resume(with: result)
    }
}
