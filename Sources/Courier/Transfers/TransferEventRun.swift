/// One iteration of a ``TransferEvents``: the task that runs the exchange, and the buffer between that
/// task and the reader. Only the iterator holds it; when the iterator goes (the reader broke out of its
/// loop, or dropped it), the exchange is cancelled.
///
/// NOTE: the one unstructured task: an `AsyncSequence` has no scope in which a child task could run
/// the exchange while the reader is between two calls to `next()`. It is made in the reader's first
/// `next()`, so it inherits the reader's priority and task-local values (a trace, a deadline), and it is
/// cancelled by the reader's cancellation and by the iterator's end: nothing keeps it running unseen.
final class TransferEventRun<Value: Sendable>: Sendable {
    private let buffer: TransferEventBuffer<Value>
    private let task: Task<Void, Never>

    /// Starts `exchange`, which reports its progress to the function it is given.
    init(_ exchange: @escaping TransferEvents<Value>.Exchange) {
        let buffer = TransferEventBuffer<Value>()
        self.buffer = buffer
        // NOTE: the task holds the buffer, never this object: otherwise the running exchange would keep
        // alive the very object whose end cancels it.
        task = Task {
            let outcome: Result<Value, NetworkError>
            do {
                let value = try await exchange { progress in buffer.report(progress) }
                outcome = .success(value)
            } catch {
                outcome = .failure(NetworkError.wrapping(error, request: nil))
            }
            buffer.finish(outcome)
        }
    }

    deinit {
        // The reader let go before the end: nobody will read the outcome, so the exchange stops now.
        // Cancelling a task that has finished does nothing.
        task.cancel()
    }

    /// The next event, `nil` after the value, or the exchange's error.
    ///
    /// Cancelling the calling task cancels the exchange and drops the progress not yet read; the next
    /// event is then the exchange's outcome (``NetworkError/Kind/cancelled``, or the value when it was
    /// ready already), so a cancelled reader returns only once the exchange has ended.
    func next() async -> TransferEventBuffer<Value>.Delivery {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: TransferEventBuffer<Value>.Waiter) in
                buffer.take(continuation)
            }
        } onCancel: {
            buffer.stopProgress()
            task.cancel()
        }
    }
}
