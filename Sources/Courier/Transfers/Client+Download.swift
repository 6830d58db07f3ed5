import Foundation

extension Client {
    /// Sends `request` and streams its response body into the file at `destination`, which appears
    /// only once the body has arrived whole: for downloads too large for memory, and for files that
    /// must never be seen half-written.
    ///
    /// The body is written to a hidden temporary file beside `destination`
    /// (`.<name>.courier-download-<UUID>`) and renamed over it, atomically, once the body ended
    /// complete. On any error, on cancellation, or on a status outside `acceptableStatus`, the
    /// temporary file is deleted and `destination` is left as it was (an existing file keeps its
    /// content). Progress is reported to the request's ``RequestOptions/onProgress`` as the bytes reach
    /// the file; ``transfer(downloading:to:accepting:)`` makes a stream of it.
    ///
    /// ```swift
    /// let response = try await client.download(try ClientRequest(.get, path: "/backup.tar"),
    ///                                          to: URL(fileURLWithPath: "/var/backups/latest.tar"))
    /// print(response.status)      // the body is empty: the bytes are in the file
    /// ```
    ///
    /// - Parameters:
    ///   - request: the request; its body may be anything.
    ///   - destination: a file URL in an existing directory; a file there is replaced.
    ///   - acceptableStatus: the statuses whose body is the file; 2xx by default.
    /// - Returns: the response, with an empty body.
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/unacceptableStatus(_:)`` (the error holds up to
    ///   64 KiB of the body, nothing is written), ``NetworkError/Kind/cancelled``, any transport kind,
    ///   or ``NetworkError/Kind/transportFailed`` when the file cannot be created, written or moved.
    public func download(
        _ request: ClientRequest,
        to destination: URL,
        accepting acceptableStatus: AcceptableStatus = .successful
    ) async throws -> ClientResponse {
        precondition(destination.isFileURL, "a download's destination must be a file URL, not \(destination)")
        let file: DownloadFile
        do {
            // Created before the request is sent: a directory that cannot take the file fails at once.
            file = try DownloadFile(destination: destination)
        } catch {
            throw NetworkError.wrapping(error, request: request)
        }
        defer { file.discard() }
        var response = try await send(request)
        guard acceptableStatus.contains(response.status) else {
            throw NetworkError(
                .unacceptableStatus(response.status.code),
                message: "the server answered \(response.status.code); nothing was written to '\(destination.path)'.",
                response: await response.releasingBody()
            )
        }
        do {
            for try await chunk in response.body {
                try file.write(chunk)
            }
            if let length = response.body.length, file.bytesWritten != length {
                throw NetworkError(.connectionClosed, message: "the body ended after \(file.bytesWritten) of the \(length) bytes announced.")
            }
            // The body may have ended because the task was cancelled: never move a cut-short file into place.
            guard !Task.isCancelled else {
                throw NetworkError(.cancelled, message: "the calling task was cancelled; '\(destination.path)' was left as it was.")
            }
            try file.commit()
        } catch {
            response.body = .empty
            throw NetworkError.wrapping(error, request: response.request, response: response)
        }
        response.body = .empty
        return response
    }
}
