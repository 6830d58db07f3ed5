// Declared in the core: `Client.send` reads it to report download progress, and the transports to report uploads.

/// Who is told about a request's upload and download progress.
enum ProgressOptionKey: RequestOptionKey {
    static let defaultValue: (@Sendable (TransferProgress) -> Void)? = nil
}

extension RequestOptions {
    /// Called as the request's body goes out and as its response body is read, so that a progress
    /// bar needs no knowledge of the transport; `nil` (the default) costs nothing.
    ///
    /// - **Upload** events come from the transport, counting the bytes it has actually handed to the
    ///   connection (``ClientRequest/reportUploadProgress(totalBytesSent:expectedBytes:)`` is how a
    ///   transport reports). A retry or a redirect that sends the body again starts again from 0.
    /// - **Download** events come as the caller reads the body of the response ``Client/send(_:)-(ClientRequest)``
    ///   returned (or as ``Client/download(_:to:accepting:)`` and endpoints read it), so their pace is
    ///   the reader's.
    ///
    /// It is called on whatever thread the transport or the reader is on, possibly concurrently for the
    /// two directions: keep it short and thread-safe. ``Client/transfer(_:)-(ClientRequest)`` wraps it into an
    /// `AsyncStream` whose events only ever grow.
    public var onProgress: (@Sendable (TransferProgress) -> Void)? {
        get { self[ProgressOptionKey.self] }
        set { self[ProgressOptionKey.self] = newValue }
    }
}
