import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1

/// Receives one response from AsyncHTTPClient's delegate API: the head completes ``head``; body parts
/// flow into an async sequence whose reader's pace is pushed back to the connection (a part is
/// acknowledged only when the reader wants more).
///
/// `@unchecked Sendable`: every mutable property is touched only on `eventLoop`, the loop AsyncHTTPClient
/// calls this delegate on; callbacks from the reader's side hop onto it first.
final class StreamingResponseDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void
    typealias Chunks = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, ReaderDemand
    >

    let eventLoop: any EventLoop
    /// Completed with the response head, or failed with the error that came first.
    let head: EventLoopFuture<HTTPResponseHead>
    private let headPromise: EventLoopPromise<HTTPResponseHead>
    /// Handed to the response body once (see ``body(for:length:)``), so that only the body's reader keeps
    /// the sequence alive: dropping the body unread ends the sequence, which stops the transfer.
    private var chunks: Chunks?
    private let source: Chunks.Source
    private var headDelivered = false
    private var pendingDemand: EventLoopPromise<Void>?
    private var task: HTTPClient.Task<Void>?
    private var readerGone = false
    /// The request whose upload progress is reported, when someone watches it.
    private let progressRequest: ClientRequest?
    /// The body bytes AsyncHTTPClient has written so far.
    private var bytesSent: Int64 = 0

    init(eventLoop: any EventLoop, reportingProgressOf progressRequest: ClientRequest? = nil) {
        self.eventLoop = eventLoop
        self.progressRequest = progressRequest
        headPromise = eventLoop.makePromise()
        head = headPromise.futureResult
        let demand = ReaderDemand()
        let made = Chunks.makeSequence(
            elementType: ByteBuffer.self,
            failureType: (any Error).self,
            backPressureStrategy: .init(lowWatermark: 2, highWatermark: 8),
            finishOnDeinit: false,
            delegate: demand
        )
        chunks = made.sequence
        source = made.source
        demand.delegate = self
    }

    /// The body as Courier chunks, with errors mapped for `request`. Called once, after the head.
    func body(for request: ClientRequest, length: Int64?) -> ResponseBody {
        guard let chunks = self.chunks else {
            preconditionFailure("a response body is made once")
        }
        self.chunks = nil
        return ResponseBody(length: length, chunks: BodyChunks {
            let iterator = chunks.makeAsyncIterator()
            return {
                do {
                    guard let buffer = try await iterator.next() else { return nil }
                    return Data(buffer.readableBytesView)
                } catch {
                    throw NetworkError.fromAsyncHTTPClient(error, request: request, cancelled: Task.isCancelled)
                }
            }
        })
    }

    func didSendRequestHead(task: HTTPClient.Task<Void>, _ head: HTTPRequestHead) {
        self.task = task
        if readerGone { task.cancel() }
        // NOTE: a new attempt on a new connection starts its body here, so progress counts from 0 again.
        bytesSent = 0
        progressRequest?.reportUploadProgress(totalBytesSent: 0)
    }

    func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
        guard let progressRequest else { return }
        bytesSent += Int64(part.readableBytes)
        progressRequest.reportUploadProgress(totalBytesSent: bytesSent)
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.task = task
        headDelivered = true
        headPromise.succeed(head)
        return eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        switch source.yield(contentsOf: CollectionOfOne(buffer)) {
        case .produceMore:
            return eventLoop.makeSucceededVoidFuture()
        case .stopProducing:
            let promise = eventLoop.makePromise(of: Void.self)
            pendingDemand = promise
            return promise.futureResult
        case .dropped:
            task.cancel()
            return eventLoop.makeSucceededVoidFuture()
        }
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        if headDelivered {
            source.finish(error)
        } else {
            headDelivered = true
            headPromise.fail(error)
            source.finish(error)
        }
        releaseDemand()
    }

    /// The task failed, perhaps without ever calling this delegate.
    func taskFailed(_ error: any Error) {
        eventLoop.execute {
            guard !self.headDelivered else { return }
            self.headDelivered = true
            self.headPromise.fail(error)
            self.source.finish(error)
        }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        source.finish()
    }

    /// The reader wants more: acknowledge the part that is waiting.
    fileprivate func readerWantsMore() {
        eventLoop.execute { self.releaseDemand() }
    }

    /// The reader stopped (finished, failed or dropped the body): stop the transfer.
    fileprivate func readerStopped() {
        eventLoop.execute {
            self.readerGone = true
            self.task?.cancel()
            self.releaseDemand()
        }
    }

    private func releaseDemand() {
        let promise = pendingDemand
        pendingDemand = nil
        promise?.succeed(())
    }
}

/// Relays the body reader's demand to the delegate; the sequence holds it, so it holds the delegate
/// weakly.
///
/// `@unchecked Sendable`: `delegate` is set once, before the sequence can call back.
final class ReaderDemand: NIOAsyncSequenceProducerDelegate, @unchecked Sendable {
    weak var delegate: StreamingResponseDelegate?

    func produceMore() {
        delegate?.readerWantsMore()
    }

    func didTerminate() {
        delegate?.readerStopped()
    }
}
