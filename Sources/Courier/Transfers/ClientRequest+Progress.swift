extension ClientRequest {
    /// Reports to ``RequestOptions/onProgress`` how much of this request's body has gone out: for
    /// transport authors, so every transport feeds progress bars and ``Transfer`` the same way.
    ///
    /// Call it with the running total each time more of the body has been handed to the connection,
    /// starting at 0 when the body starts; when the transport sends the body again (a connection it
    /// had to reopen), start again from 0 — ``Transfer`` keeps its events monotonic. Does nothing when
    /// nobody watches.
    ///
    /// ```swift
    /// sent += chunk.count
    /// request.reportUploadProgress(totalBytesSent: sent)
    /// ```
    ///
    /// - Parameters:
    ///   - totalBytesSent: the body bytes sent so far in this attempt.
    ///   - expectedBytes: the body's whole length; `nil` uses ``RequestBody/length``.
    public func reportUploadProgress(totalBytesSent: Int64, expectedBytes: Int64? = nil) {
        guard let onProgress = options.onProgress else { return }
        onProgress(TransferProgress(direction: .upload, completedBytes: totalBytesSent, expectedBytes: expectedBytes ?? body.length))
    }
}
