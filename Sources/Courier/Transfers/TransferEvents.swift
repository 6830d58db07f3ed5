/// An exchange's progress and its result in one `AsyncSequence`: ``TransferEvent/progress(_:)`` events
/// as the body goes out and the response comes in, then exactly one ``TransferEvent/value(_:)``, then
/// the end. What ``Client/transferEvents(_:)-(Endpoint<Value>)`` returns.
///
/// ```swift
/// let movie = Endpoint<Data>(path: "/videos/42.mov")
/// for try await event in client.transferEvents(movie) {
///     switch event {
///     case .progress(let progress): bar.value = progress.fractionCompleted ?? 0
///     case .value(let bytes): try bytes.write(to: destination)
///     }
/// }
/// ```
///
/// **Lazy and re-runnable.** Making the sequence sends nothing; each iterator sends the request when it
/// is first asked for an event, so iterating twice sends it twice.
///
/// **Cancellation.** Cancelling the iterating task cancels the exchange: the iteration throws
/// ``NetworkError/Kind/cancelled`` once the exchange has ended (or yields the value, if it was ready
/// already). Breaking out of the loop, or dropping the iterator, cancels the exchange too, without
/// waiting for it. A task cancelled before its first `next()` sends nothing.
///
/// **Errors** end the iteration: `next()` throws the ``NetworkError`` the exchange failed with, after
/// the progress reported before it, and returns `nil` after that.
///
/// **Bounded.** Progress is monotonic per direction (a retry or a redirect that sends the body again
/// counts from 0 inside the transport; events that do not pass the highest count so far are dropped).
/// While the reader is busy, at most one event per direction waits, the newest: a slow reader skips
/// steps, never grows memory, and always gets the last count before the value. The value is never
/// dropped.
///
/// ``Transfer`` is the same exchange with progress and value on two channels, for a progress bar that
/// one task drives while another awaits the value.
public struct TransferEvents<Value: Sendable>: AsyncSequence, Sendable {
    /// A progress event or the value.
    public typealias Element = TransferEvent<Value>
    /// Every error is a ``NetworkError``, as when sending the request.
    public typealias Failure = NetworkError

    /// Runs the exchange, reporting its progress (upload and download) to the function it is given.
    typealias Exchange = @Sendable (_ report: @escaping @Sendable (TransferProgress) -> Void) async throws -> Value

    private let exchange: Exchange

    init(_ exchange: @escaping Exchange) {
        self.exchange = exchange
    }

    /// An iterator that sends the request on its first call to `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(exchange: exchange)
    }

    /// Yields one exchange's events; the exchange is cancelled when the iterator goes before its end.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum Phase {
            /// Nothing sent yet.
            case ready(Exchange)
            /// The exchange is running, or its outcome waits to be read.
            case running(TransferEventRun<Value>)
            /// The value or the error has been read.
            case over
        }

        private var phase: Phase

        init(exchange: @escaping Exchange) {
            phase = .ready(exchange)
        }

        /// The next progress event or the value, waiting for it; `nil` after the value.
        ///
        /// After it has thrown or yielded the value, it returns `nil`.
        ///
        /// - Throws: ``NetworkError``: ``NetworkError/Kind/cancelled`` when the iterating task is
        ///   cancelled, or any error of sending the request (``NetworkError/Kind/unacceptableStatus(_:)``,
        ///   ``NetworkError/Kind/decodingFailed(codingPath:)``, a transport's kind).
        public mutating func next() async throws(NetworkError) -> TransferEvent<Value>? {
            let run: TransferEventRun<Value>
            switch phase {
            case .over:
                return nil
            case .running(let running):
                run = running
            case .ready(let exchange):
                guard !Task.isCancelled else {
                    phase = .over
                    throw NetworkError(.cancelled, message: "the task iterating the transfer was cancelled; nothing was sent.")
                }
                run = TransferEventRun(exchange)
                phase = .running(run)
            }
            switch await run.next() {
            case .success(.some(.progress(let progress))):
                return .progress(progress)
            case .success(let last):
                // The value (or the end): the run, its exchange over, is let go with the iterator's state.
                phase = .over
                return last
            case .failure(let error):
                phase = .over
                throw error
            }
        }
    }
}
