/// Turns the progress callbacks of one exchange into a ``Transfer``'s stream: it forwards an event only
/// when its byte count passes the highest one seen so far in its direction, and finishes the stream once.
final class ProgressRelay: Sendable {
    /// The forwarded events.
    let stream: AsyncStream<TransferProgress>
    private let continuation: AsyncStream<TransferProgress>.Continuation
    /// The highest `completedBytes` forwarded per direction; absent before the first event.
    private let highWaterMarks = Locked<[TransferProgress.Direction: Int64]>([:])

    /// - Parameter buffer: the most events kept for a reader that is behind; older ones are dropped
    ///   first, so a slow or absent reader never grows memory and always gets the latest event.
    init(buffer: Int = 64) {
        (stream, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .bufferingNewest(buffer))
    }

    /// A progress callback that feeds this relay, then calls `next` (a callback the caller had set
    /// already) with every event, forwarded or not.
    func callback(chainingTo next: (@Sendable (TransferProgress) -> Void)?) -> @Sendable (TransferProgress) -> Void {
        { [self] progress in
            report(progress)
            next?(progress)
        }
    }

    /// Forwards `progress` when it passes its direction's high-water mark: a transport that sends the
    /// body again (a retry, a redirect) counts from 0 again, and the stream does not go back with it.
    func report(_ progress: TransferProgress) {
        highWaterMarks.withLock { marks in
            if let mark = marks[progress.direction], progress.completedBytes <= mark { return }
            marks[progress.direction] = progress.completedBytes
            // NOTE: yielded under the lock so that two reports racing each other reach the stream in the
            // order their marks were raised. `yield` never suspends and never calls back into this
            // type (the stream has no `onTermination`), so it cannot deadlock.
            continuation.yield(progress)
        }
    }

    /// Ends the stream; later reports are dropped.
    func finish() {
        continuation.finish()
    }
}
