/// An exchange running in the background, with a stream of its progress: for a progress bar, a
/// download screen, an upload that the user may cancel.
///
/// A transfer starts as soon as it is made, by `client.transfer(request)`, `client.transfer(endpoint)`
/// or ``Client/transfer(downloading:to:accepting:)``. Read ``progress`` while awaiting ``value``, or not
/// at all:
///
/// ```swift
/// let transfer = client.transfer(downloading: request, to: destination)
/// Task { for await progress in transfer.progress { bar.value = progress.fractionCompleted ?? 0 } }
/// let response = try await transfer.value      // the file is in place
/// ```
///
/// **Progress is monotonic per direction.** A retry or a redirect that sends the body again starts
/// counting from 0 inside the transport; the stream only forwards an event whose
/// ``TransferProgress/completedBytes`` passes the highest one it forwarded for that direction, so a
/// bar never goes back (it pauses until the new attempt has caught up).
///
/// **The stream finishes when the transfer is over**: when ``value`` is ready (or failed), and for a
/// ``ClientResponse`` with a streamed body, once that body has been read to its end, failed, or been
/// dropped. It keeps the newest 64 events for a reader that is behind and drops older ones, so a slow
/// or absent reader never grows memory and always sees the last event.
///
/// A transfer holds its value: a streamed response body stays open (and its connection busy) until it
/// is read or every copy of the transfer and of its response is gone.
public struct Transfer<Value: Sendable>: Sendable {
    /// Upload and download progress, monotonic per direction; finishes when the transfer is over.
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Value, any Error>

    init(progress: AsyncStream<TransferProgress>, task: Task<Value, any Error>) {
        self.progress = progress
        self.task = task
    }

    /// The result, once the transfer has it. Cancelling the task that awaits it cancels the transfer;
    /// awaiting it again returns the same result.
    ///
    /// - Throws: ``NetworkError``; ``NetworkError/Kind/cancelled`` after ``cancel()``.
    public var value: Value {
        get async throws {
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// Stops the transfer: ``value`` fails with ``NetworkError/Kind/cancelled`` unless it was ready
    /// already. A download in progress leaves its destination as it was, and a partial file only when a
    /// later download can resume it.
    public func cancel() {
        task.cancel()
    }
}
