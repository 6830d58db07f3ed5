import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP1

/// Receives one response from AsyncHTTPClient's delegate API: the head completes ``head``; body parts
/// flow into an async sequence whose reader's pace is pushed back to the connection (a part is
/// acknowledged only when the reader wants more).
///
/// `@unchecked Sendable`: every mutable property but `chunks` is touched only on `eventLoop`, the loop
/// AsyncHTTPClient calls this delegate on; callbacks from the reader's side hop onto it first. `chunks` is
/// the exception: set in `init` and taken once by ``body(for:length:shutDown:)`` on the sending task, after
/// `head` completed; the event loop never touches it. `headSent` is read from any thread, under its lock.
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

    /// The pump writing a streamed request body, while there is one.
    private let upload: UploadPump?
    /// The response's announced body length, when it has one.
    private var expectedLength: Int?
    private var receivedLength = 0
    /// Set when the server answered (3xx–5xx) before the request body was written: AsyncHTTPClient then
    /// pauses the upload for good and never reports the response's end, so the end is known here.
    private var answeredEarly = false
    /// Whether an early answer's body arrived whole before the upload was stopped.
    private var earlyAnswerComplete = false
    /// Whether AsyncHTTPClient has written the whole request, body included.
    private var requestSent = false
    /// Whether AsyncHTTPClient has written the request head: until then nothing reached the server.
    /// Read by the transport once the exchange has failed, after the event loop's last word on it.
    private let headSent = Locked(false)

    /// Where the exchange's milestones are marked.
    private let timeline: ExchangeTimeline

    /// Whether any byte of the request was written to a connection.
    var requestHeadSent: Bool { headSent.withLock { $0 } }

    init(eventLoop: any EventLoop, reportingProgressOf progressRequest: ClientRequest? = nil, upload: UploadPump? = nil, timeline: ExchangeTimeline) {
        self.eventLoop = eventLoop
        self.timeline = timeline
        self.progressRequest = progressRequest
        self.upload = upload
        headPromise = eventLoop.makePromise()
        head = headPromise.futureResult
        let demand = ReaderDemand()
        // NOTE: the watermarks count parts, not bytes. Over HTTP/2 a part is one DATA frame (8 KiB from nginx), and
        // with 2 and 8 a 100 MiB download paused every 64 KiB: 87–96 MiB/s and 72 MiB peak memory against raw
        // AsyncHTTPClient's 225–251 MiB/s and 45–48 MiB (Benchmarks/load, `LoadGen courier-download` over HTTP/2,
        // BENCHMARKS.md); with 8 and 32, 178–201 MiB/s and 45–52 MiB (16 and 64: 205–213 MiB/s, 54–60 MiB). At most
        // 32 parts wait for the reader: 256 KiB of HTTP/2 frames, a few MiB of HTTP/1 reads.
        let made = Chunks.makeSequence(
            elementType: ByteBuffer.self,
            failureType: (any Error).self,
            backPressureStrategy: .init(lowWatermark: 8, highWatermark: 32),
            finishOnDeinit: false,
            delegate: demand
        )
        chunks = made.sequence
        source = made.source
        demand.delegate = self
    }

    // NOTE: AsyncHTTPClient may release a delegate without ending it — a streamed upload answered early
    // (a 302 or 413 before the body was read) completes the task with no `didFinishRequest` and no
    // `didReceiveError` — and a source released unfinished traps. Whatever has not ended, ends here.
    deinit {
        source.finish(NetworkError(.connectionClosed, message: "the exchange ended before the response body did."))
        if !headDelivered {
            headPromise.fail(NetworkError(.connectionClosed, message: "the exchange ended before a response arrived."))
        }
    }

    /// The body as Courier chunks, with errors mapped for `request` (`shutDown` says whether the transport
    /// was shut down, which is why a body cut off ends). Called once, after the head.
    func body(for request: ClientRequest, length: Int64?, owner: any AnyObject & Sendable, shutDown: @escaping @Sendable () -> Bool) -> ResponseBody {
        guard let chunks = self.chunks else {
            preconditionFailure("a response body is made once")
        }
        self.chunks = nil
        return ResponseBody(length: length, chunks: .reading(chunks, owner: owner, timeline: timeline) { error in
            NetworkError.fromAsyncHTTPClient(error, request: request, cancelled: Task.isCancelled, shutDown: shutDown())
        })
    }

    func didSendRequestHead(task: HTTPClient.Task<Void>, _ head: HTTPRequestHead) {
        headSent.withLock { $0 = true }
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

    func didSendRequest(task: HTTPClient.Task<Void>) {
        requestSent = true
        timeline.mark(.requestSent)
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        timeline.mark(.responseStart, over: head.version)
        self.task = task
        headDelivered = true
        headPromise.succeed(head)
        if head.status.code >= 300, upload != nil, !requestSent {
            answeredEarly = true
            expectedLength = head.headers.contains(name: "transfer-encoding") ? nil : head.headers.first(name: "content-length").flatMap { Int($0) }
            stopUploadIfAnswerEnded()
        }
        return eventLoop.makeSucceededVoidFuture()
    }

    /// Stops the upload of an early-answered request once the answer's body is whole — at once when its
    /// length is unknown, since its end will never be reported — so that the task ends.
    private func stopUploadIfAnswerEnded() {
        guard answeredEarly, let upload else { return }
        if let expectedLength, receivedLength < expectedLength { return }
        earlyAnswerComplete = expectedLength != nil
        upload.stop(with: NetworkError(.connectionClosed, message: "the server answered before reading the request body, and the upload was stopped."))
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        receivedLength += buffer.readableBytes
        defer { stopUploadIfAnswerEnded() }
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
        end(with: error)
    }

    /// The task failed, perhaps without ever calling this delegate.
    func taskFailed(_ error: any Error) {
        eventLoop.execute { self.end(with: error) }
    }

    /// Ends the exchange with `error` — unless it is the stopped upload of an answer that arrived whole,
    /// whose body then ends normally. Finishing twice is harmless.
    private func end(with error: any Error) {
        if earlyAnswerComplete {
            source.finish()
        } else {
            source.finish(error)
        }
        releaseDemand()
        guard !headDelivered else { return }
        headDelivered = true
        headPromise.fail(error)
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

