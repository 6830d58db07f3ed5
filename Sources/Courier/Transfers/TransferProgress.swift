/// How far one direction of an exchange has got: how many body bytes have been sent (upload) or read
/// (download), and how many there will be when that is known.
///
/// Transports report uploads as the bytes go out; downloads are reported as the caller reads the
/// response body. Both arrive through ``RequestOptions/onProgress``, or as the
/// ``Transfer/progress`` stream of a ``Transfer``:
///
/// ```swift
/// let transfer = client.transfer(upload)
/// for await progress in transfer.progress where progress.direction == .upload {
///     bar.value = progress.fractionCompleted ?? 0
/// }
/// let response = try await transfer.value
/// ```
public struct TransferProgress: Sendable, Hashable {
    /// Which body the progress is about.
    public enum Direction: Sendable, Hashable {
        /// The request body, going out.
        case upload
        /// The response body, coming in.
        case download
    }

    /// Which body the progress is about.
    public var direction: Direction
    /// Bytes of the body sent or read so far.
    public var completedBytes: Int64
    /// The body's whole length, when it is known before it ends: ``RequestBody/length`` for an upload,
    /// ``ResponseBody/length`` (the announced `Content-Length`) for a download.
    public var expectedBytes: Int64?

    /// Creates a progress value; transports and tests make these.
    public init(direction: Direction, completedBytes: Int64, expectedBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// The share done, from 0 to 1, for a progress bar: `nil` while the length is unknown (show an
    /// indeterminate bar), 1 for a body announced empty. Never above 1, even if a server sends more
    /// than it announced.
    public var fractionCompleted: Double? {
        guard let expectedBytes else { return nil }
        guard expectedBytes > 0 else { return 1 }
        return min(1, Double(max(0, completedBytes)) / Double(expectedBytes))
    }
}
