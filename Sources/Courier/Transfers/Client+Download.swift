import Foundation

extension Client {
    /// Sends `request` and streams its response body into the file at `destination`, which appears
    /// only once the body has arrived whole; a download cut short is resumed rather than started again.
    ///
    /// **Where the bytes wait.** A GET (without a `Range` of its own) is written to
    /// `<destination>.courier-partial`, with `<destination>.courier-partial.json` beside it saying which URL
    /// and which version of the resource the bytes are (the response's strong `ETag`, or its
    /// `Last-Modified` when it is strong and there is no entity tag), and its length. Any other request is
    /// written to a hidden `.<name>.courier-download-<UUID>`. Once the body has ended complete (its length
    /// checked against `Content-Length` or `Content-Range`), the file is renamed over `destination`,
    /// atomically.
    ///
    /// **Resuming.** When the body breaks off (the connection drops, a read times out), the partial file
    /// is kept if the server gave a strong validator and did not refuse ranges:
    /// - *within the call*, when the client has a ``retrying(_:clock:)`` layer: the policy of the
    ///   outermost one decides whether and when to continue (its retryable errors, attempts, backoff on
    ///   its clock, deadline and budget), and the download asks only for the rest;
    /// - *in a later call* to the same destination for the same URL, after a failure, a cancellation or a
    ///   crash.
    ///
    /// The rest is asked for with `Range: bytes=N-` and `If-Range`. A `206` is appended only if its
    /// `Content-Range` starts at N and agrees with the known length; a `200` (the server ignores ranges,
    /// or the resource changed) replaces the partial file; a `416` saying the length is N completes it;
    /// any other mismatch fails with ``NetworkError/Kind/invalidResponse`` and deletes the partial file,
    /// so `destination` never holds bytes of two versions. Without a validator, on an error status, or
    /// with `Accept-Ranges: none`, nothing is kept.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport()).retrying(.exponential(base: .seconds(1), maxAttempts: 5))
    /// let response = try await client.download(try ClientRequest(.get, url: "https://example.com/backup.tar"),
    ///                                          to: URL(fileURLWithPath: "/var/backups/latest.tar"))
    /// print(response.status)      // the body is empty: the bytes are in the file
    /// ```
    ///
    /// Progress is reported to the request's ``RequestOptions/onProgress`` as the bytes reach the file,
    /// counted over the whole file (a resumed download starts at the bytes it had);
    /// ``transfer(downloading:to:accepting:)`` makes a stream of it. A resumable request without
    /// `Accept-Encoding` is sent with `Accept-Encoding: identity`, since ranges count stored bytes.
    ///
    /// - Parameters:
    ///   - request: the request; its body may be anything.
    ///   - destination: a file URL in an existing directory; a file there is replaced.
    ///   - acceptableStatus: the statuses whose body is the file; 2xx by default.
    /// - Returns: the response, with an empty body: the last one, a `206` when the download was resumed,
    ///   or the `416` that said an earlier call's partial file was already whole.
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/unacceptableStatus(_:)`` (the error holds up to
    ///   64 KiB of the body, nothing is written), ``NetworkError/Kind/invalidResponse`` for a `206` that
    ///   does not continue the partial file, ``NetworkError/Kind/cancelled``, any transport kind, or
    ///   ``NetworkError/Kind/transportFailed`` when the file cannot be created, written or moved.
    public func download(
        _ request: ClientRequest,
        to destination: URL,
        accepting acceptableStatus: AcceptableStatus = .successful
    ) async throws -> ClientResponse {
        precondition(destination.isFileURL, "a download's destination must be a file URL, not \(destination)")
        let source = request.resumableSource
        let file: DownloadFile
        do {
            // Opened before the request is sent: a directory that cannot take the file fails at once.
            file = try DownloadFile(destination: destination, resumingFrom: source)
        } catch {
            throw NetworkError.wrapping(error, request: request)
        }
        defer { file.close() }
        return try await DownloadRun(client: self, request: request, file: file, source: source, acceptableStatus: acceptableStatus).run()
    }
}

extension ClientRequest {
    /// The URL a resumable download records, as the caller named it (scheme, authority, path and query);
    /// `nil` when the request cannot be resumed: not a GET, or one that asks for a range itself.
    var resumableSource: String? {
        guard method == .get, head.headerFields[.range] == nil else { return nil }
        return "\(head.scheme ?? "")://\(head.authority ?? "")\(head.path ?? "/")"
    }
}
