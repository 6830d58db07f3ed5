import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of a ``URLSessionTransport``: it hands each task's response head to the
/// waiting caller, streams the body, enforces the request's deadline, and refuses every redirect.
///
/// NOTE: there is no back-pressure. On Linux `URLSessionTask.suspend()` removes the transfer from
/// libcurl and `resume()` starts it again from the beginning (measured: three requests reached the
/// server and the body was corrupted), so the body is buffered as fast as it arrives.
///
/// `@unchecked Sendable`: URLSession calls the delegate on its own queue while callers register tasks
/// and consume bodies from any thread; every access to `transfers` and to a `Transfer`'s mutable state
/// goes through `lock`.
final class URLSessionTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// The head, the body's chunks, and whether the body is known to be empty whatever the head says.
    typealias HeadContinuation = CheckedContinuation<(HTTPURLResponse, BodyChunks, Bool), any Error>

    /// One task in flight.
    ///
    /// `@unchecked Sendable`: its mutable state is only touched under the owning delegate's `lock`.
    private final class Transfer: @unchecked Sendable {
        enum Phase {
            case waitingForHead(HeadContinuation)
            case streaming(AsyncThrowingStream<Data, any Error>.Continuation)
            case finished
        }

        var phase: Phase
        /// The body ended with the server's last byte, not because someone stopped reading.
        var completed = false
        /// The request whose upload progress is reported, when someone watches it.
        let progressRequest: ClientRequest?
        /// The body bytes handed to libcurl so far.
        var bytesSent: Int64 = 0
        /// Body bytes received and not yet read.
        var buffered = 0
        /// Where the exchange's milestones are marked.
        let timeline: ExchangeTimeline

        init(continuation: HeadContinuation, progressRequest: ClientRequest?, timeline: ExchangeTimeline) {
            phase = .waitingForHead(continuation)
            self.progressRequest = progressRequest
            self.timeline = timeline
        }
    }

    private let lock = NSLock()
    /// Keyed by the task itself: task identifiers repeat across the sessions a transport uses.
    private var transfers: [ObjectIdentifier: Transfer] = [:]
    /// The most body bytes received and not yet read that the reader may leave behind before the
    /// transfer fails (there is no back-pressure to apply instead).
    let maxBufferedBytes: Int
    /// The most body bytes any transfer held unread at once, for tests and the chaos soak.
    private var peakBuffered = 0
    /// Tasks whose redirect decision corelibs has not processed yet; `true` when a cancel waits for it.
    private var redirectsInFlight: [ObjectIdentifier: Bool] = [:]
    /// Tasks cancelled here and not yet completed.
    private var cancelled: Set<ObjectIdentifier> = []
    /// Tasks made and whose completion has not begun (see `cancelUnlessCompleting(_:)`).
    private var live: Set<ObjectIdentifier> = []

    init(maxBufferedBytes: Int) {
        self.maxBufferedBytes = maxBufferedBytes
    }

    /// The most body bytes any transfer held unread at once.
    var peakBufferedBytes: Int {
        lock.withLock { peakBuffered }
    }

    /// Notes `task` as cancellable, before anything may cancel it.
    func prepare(_ task: URLSessionTask) {
        lock.withLock { _ = live.insert(ObjectIdentifier(task)) }
    }

    /// Registers `task` and starts it; `continuation` is resumed with the head and the body chunks, or
    /// with an error. When `deadline` passes before the body has ended, the transfer stops with
    /// `timedOut`. The upload progress of `progressRequest`, when given, is reported as its body goes out.
    func start(_ task: URLSessionTask, deadline: Duration?, reportingProgressOf progressRequest: ClientRequest?, timeline: ExchangeTimeline, continuation: HeadContinuation) {
        lock.withLock { transfers[ObjectIdentifier(task)] = Transfer(continuation: continuation, progressRequest: progressRequest, timeline: timeline) }
        // NOTE: a task cancelled before this point may have had its URLSession task cancelled before it
        // was registered, and that completion would be lost: end it here instead of resuming.
        if Task.isCancelled {
            return fail(task, with: NetworkError(.cancelled, message: "the calling task was cancelled before the request was sent."))
        }
        if let deadline {
            // NOTE: libcurl-based URLSession truncates `timeoutInterval` to whole seconds (300 ms fires at
            // once), so the exact deadline is kept here.
            let (seconds, attoseconds) = deadline.components
            let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            if !overflow, nanoseconds < Int64(Int.max) / 2 {
                let delay = DispatchTimeInterval.nanoseconds(Int(nanoseconds + attoseconds / 1_000_000_000))
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self, weak task] in
                    guard let task else { return }
                    self?.fail(task, with: NetworkError(.timedOut, message: "no complete response within \(deadline.readable); the transfer was stopped."))
                }
            }
        }
        progressRequest?.reportUploadProgress(totalBytesSent: 0)
        task.resume()
    }

    /// Ends the transfer of `task` with `error`, wherever it is, and cancels the task.
    private func fail(_ task: URLSessionTask, with error: any Error) {
        let phase: Transfer.Phase? = lock.withLock {
            guard let transfer = transfers.removeValue(forKey: ObjectIdentifier(task)) else { return nil }
            defer { transfer.phase = .finished }
            return transfer.phase
        }
        guard let phase else { return }
        cancel(task)
        switch phase {
        case .waitingForHead(let continuation): continuation.resume(throwing: error)
        case .streaming(let stream): stream.finish(throwing: error)
        case .finished: break
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        redirectSettled(dataTask)
        // NOTE: refusals answer `.allow` and then cancel the task: corelibs traps ("Transfer completed,
        // but there's no response") when a response is refused with `.cancel`.
        guard let httpResponse = response as? HTTPURLResponse else {
            completionHandler(.allow)
            return fail(dataTask, with: NetworkError(.invalidResponse, message: "the reply is not an HTTP response."))
        }
        if let framingError = ResponseFraming.error(in: httpResponse) {
            completionHandler(.allow)
            return fail(dataTask, with: framingError)
        }
        let (stream, streamContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let waiting: (Transfer, HeadContinuation)? = lock.withLock {
            guard let transfer = transfers[ObjectIdentifier(dataTask)], case .waitingForHead(let continuation) = transfer.phase else {
                return nil
            }
            transfer.phase = .streaming(streamContinuation)
            return (transfer, continuation)
        }
        guard let (transfer, headContinuation) = waiting else {
            completionHandler(.allow)
            return cancel(dataTask)
        }
        transfer.timeline.mark(.responseStart)
        streamContinuation.onTermination = { [weak self] termination in
            // The reader went away before the end: stop the transfer.
            if case .cancelled = termination { self?.abandon(dataTask) }
        }
        completionHandler(.allow)
        headContinuation.resume(returning: (httpResponse, chunks(of: stream, transfer: transfer, task: dataTask), false))
    }

    /// The body as chunks that never end quietly on a truncated transfer, and whose reader, when it
    /// stops early (drops its iterator), stops the transfer.
    private func chunks(of stream: AsyncThrowingStream<Data, any Error>, transfer: Transfer, task: URLSessionTask) -> BodyChunks {
        BodyChunks { [lock] in
            var iterator = stream.makeAsyncIterator()
            let reader = ReaderLifetime { [weak self] in self?.abandon(task) }
            return {
                withExtendedLifetime(reader) {}
                if let chunk = try await iterator.next() {
                    lock.withLock { transfer.buffered -= chunk.count }
                    return chunk
                }
                guard lock.withLock({ transfer.completed }) else {
                    throw NetworkError(Task.isCancelled ? .cancelled : .connectionClosed, message: "the body ended before the transfer completed.")
                }
                return nil
            }
        }
    }

    private func abandon(_ task: URLSessionTask) {
        let abandoned = lock.withLock { transfers.removeValue(forKey: ObjectIdentifier(task)) != nil }
        if abandoned { cancel(task) }
    }

    /// Cancels `task` — at once, or, while corelibs waits on a redirect decision, once that is settled.
    ///
    /// NOTE: corelibs traps ("Received callback for HTTP redirection, but we're not waiting for it") when a
    /// task is cancelled between the redirect decision and its processing on the session's queue, and
    /// when the decision comes for a task already cancelled. Found by the chaos soak (a 307 answered early
    /// to an upload, cancelled by its caller).
    func cancel(_ task: URLSessionTask) {
        let id = ObjectIdentifier(task)
        let now: Bool = lock.withLock {
            cancelled.insert(id)
            guard redirectsInFlight[id] != nil else { return true }
            redirectsInFlight[id] = true
            return false
        }
        if now { cancelUnlessCompleting(task) }
    }

    /// The redirect decision has been processed (the 3xx was delivered, or the task ended): a cancel
    /// that waited for it goes ahead.
    private func redirectSettled(_ task: URLSessionTask) {
        let cancelNow = lock.withLock { redirectsInFlight.removeValue(forKey: ObjectIdentifier(task)) == true }
        if cancelNow { cancelUnlessCompleting(task) }
    }

    /// Calls `task.cancel()` unless the task's completion has begun to be delivered.
    ///
    /// NOTE: corelibs traps ("Trying to access a behaviour for a task that in not in the registry") when
    /// `cancel()` runs while the task's completion is being delivered: the delivery marks the task
    /// completed and removes it from the session's registry, and the cancel, which saw it running, then
    /// reports its failure for a task no longer registered. Found by the chaos soak, only ever with
    /// several fast endless bodies in the mix. A completion that has begun (`didCompleteWithError` runs
    /// before corelibs marks the task completed) is not cancelled; this narrows the window, it does not
    /// close it. Closing it would mean holding a lock across `cancel()`, which waits for corelibs' work
    /// queue — busy for seconds under a flooding server — while the delegate queue waits on that lock
    /// (tried: the soak's memory then grew faster).
    private func cancelUnlessCompleting(_ task: URLSessionTask) {
        guard lock.withLock({ live.contains(ObjectIdentifier(task)) }) else { return }
        task.cancel()
    }

    // NOTE: corelibs (Linux) calls this for upload tasks only, once for each buffer it hands to libcurl;
    // that is why every body is sent with an upload task. Its `totalBytesSent` is read when the callback
    // runs, not when the buffer went out, so callbacks queued together repeat the same total: the
    // running total is summed here from `bytesSent` instead (the delegate queue is serial).
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress: (ClientRequest, Int64)? = lock.withLock {
            guard let transfer = transfers[ObjectIdentifier(task)] else { return nil }
            // The last buffer handed over marks the request sent.
            transfer.timeline.mark(.requestSent)
            guard let request = transfer.progressRequest else { return nil }
            transfer.bytesSent += bytesSent
            return (request, transfer.bytesSent)
        }
        guard let (request, total) = progress else { return }
        let expected = request.body.length ?? (totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil)
        request.reportUploadProgress(totalBytesSent: total, expectedBytes: expected)
    }

    /// The phases Foundation measured, where it fills them: Apple's URLSession does; corelibs on Linux leaves
    /// a transaction's dates `nil`, and then nothing is taken from it.
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        guard let timeline = lock.withLock({ transfers[ObjectIdentifier(task)]?.timeline }),
              let transaction = metrics.transactionMetrics.last, transaction.fetchStartDate != nil
        else { return }
        func span(_ start: Date?, _ end: Date?) -> Duration? {
            guard let start, let end else { return nil }
            return .nanoseconds(Int64((end.timeIntervalSince(start) * 1e9).rounded()))
        }
        timeline.update { timings in
            timings.dnsLookup = span(transaction.domainLookupStartDate, transaction.domainLookupEndDate)
            timings.connecting = span(transaction.connectStartDate, transaction.connectEndDate)
            timings.tlsHandshake = span(transaction.secureConnectionStartDate, transaction.secureConnectionEndDate)
            timings.reusedConnection = transaction.isReusedConnection
            timings.networkProtocol = transaction.networkProtocolName
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (stream, overflow): (AsyncThrowingStream<Data, any Error>.Continuation?, Int?) = lock.withLock {
            guard let transfer = transfers[ObjectIdentifier(dataTask)], case .streaming(let stream) = transfer.phase else {
                return (nil, nil)
            }
            transfer.buffered += data.count
            peakBuffered = max(peakBuffered, transfer.buffered)
            return transfer.buffered > maxBufferedBytes ? (nil, transfer.buffered) : (stream, nil)
        }
        if let overflow {
            // NOTE: corelibs cannot pause a transfer (`suspend()` restarts it, and its data callback never
            // pauses libcurl), so a reader that falls behind a fast server would let the body pile up in
            // memory without end. It ends here instead, with a typed error that says why.
            return fail(dataTask, with: NetworkError(
                .bodyTooLarge,
                message: "the body's reader fell \(overflow) bytes behind the server, past URLSessionTransport.Configuration.maxBufferedBodySize (\(maxBufferedBytes)); URLSession on Linux cannot slow a server down. Read faster, raise the limit, or use AsyncHTTPClientTransport, which applies back-pressure."
            ))
        }
        stream?.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer: Transfer? = lock.withLock {
            live.remove(ObjectIdentifier(task))
            redirectsInFlight[ObjectIdentifier(task)] = nil
            cancelled.remove(ObjectIdentifier(task))
            guard let transfer = transfers.removeValue(forKey: ObjectIdentifier(task)) else { return nil }
            transfer.completed = error == nil
            return transfer
        }
        guard let transfer else { return }
        if error == nil { transfer.timeline.mark(.bodyEnd) }
        let failure = error.map { URLSessionTransfers.networkError(from: $0) }
        switch transfer.phase {
        case .waitingForHead(let continuation):
            if let failure {
                continuation.resume(throwing: failure)
            } else {
                continuation.resume(throwing: NetworkError(.invalidResponse, message: "the server sent no HTTP response."))
            }
        case .streaming(let stream):
            if let failure { stream.finish(throwing: failure) } else { stream.finish() }
        case .finished:
            break
        }
        lock.withLock { transfer.phase = .finished }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard !Self.isServerTrust(challenge), let response = challenge.failureResponse as? HTTPURLResponse else {
            return completionHandler(.performDefaultHandling, nil)
        }
        // NOTE: a 401 with WWW-Authenticate becomes a challenge, and with no credential to offer
        // libcurl-based URLSession never completes the task. Courier's authorization middleware answers
        // challenges, so the 401 is delivered as a response (its body, which URLSession holds back, is
        // lost) and the task is cancelled. The challenge can come before the head was delivered, or after
        // it (the body then ends here, empty).
        let phase: Transfer.Phase? = lock.withLock {
            guard let transfer = transfers.removeValue(forKey: ObjectIdentifier(task)) else { return nil }
            defer { transfer.phase = .finished }
            // An empty body is the whole of what this response will deliver, not a truncation.
            transfer.completed = true
            return transfer.phase
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
        switch phase {
        case .waitingForHead(let continuation)?: continuation.resume(returning: (response, BodyChunks { { nil } }, true))
        case .streaming(let stream)?: stream.finish()
        case .finished?, nil: break
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // NOTE: nil makes URLSession deliver the 3xx itself; Courier's redirect middleware decides. A task
        // already cancelled gets no decision at all (see `cancel(_:)`).
        let decide = lock.withLock {
            let id = ObjectIdentifier(task)
            guard !cancelled.contains(id) else { return false }
            redirectsInFlight[id] = false
            return true
        }
        if decide { completionHandler(nil) }
    }

    /// Whether `challenge` asks about the server's certificate (left to the system) rather than for
    /// HTTP credentials.
    private static func isServerTrust(_ challenge: URLAuthenticationChallenge) -> Bool {
        #if canImport(FoundationNetworking)
        return false  // corelibs never issues server-trust challenges
        #else
        return challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust
        #endif
    }

    /// A `URLError` (or anything else URLSession reports) as a ``NetworkError``.
    static func networkError(from error: any Error) -> NetworkError {
        guard let urlError = error as? URLError else { return NetworkError.wrapping(error, request: nil) }
        if urlError.code == .cancelled {
            return NetworkError(.cancelled, message: "the transfer was cancelled.", underlying: urlError)
        }
        return NetworkError(urlError.networkErrorKind, message: urlError.courierSummary, underlying: urlError)
    }
}

/// Calls `onEnd` when the body's reader is released, finished or not; a finished transfer is no longer
/// registered, so ending it then does nothing.
private final class ReaderLifetime: Sendable {
    private let onEnd: @Sendable () -> Void

    init(onEnd: @escaping @Sendable () -> Void) {
        self.onEnd = onEnd
    }

    deinit {
        onEnd()
    }
}
