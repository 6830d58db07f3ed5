import Foundation

extension Client {
    /// An endpoint's progress and its decoded value in one stream: ``TransferEvent/progress(_:)``
    /// events for the upload (as the transport sends the body) and the download (as the body is
    /// collected), then one ``TransferEvent/value(_:)``, exactly as ``send(_:)-(Endpoint<Value>)`` gives
    /// it (the body collected within ``RequestOptions/maxResponseBodySize``).
    ///
    /// Nothing is sent until the stream is iterated; cancelling the iterating task, or breaking out of
    /// the loop, cancels the exchange (see ``TransferEvents``). A ``RequestOptions/onProgress`` the
    /// endpoint already had is still called, with every event.
    ///
    /// ```swift
    /// let upload = Endpoint<Article>(method: .put, path: "/videos/42", body: .data(movie, contentType: "video/quicktime"))
    /// for try await event in client.transferEvents(upload) {
    ///     switch event {
    ///     case .progress(let progress): print("\(progress.direction): \(progress.completedBytes) bytes")
    ///     case .value(let article): print("saved as \(article.title)")
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: from the iteration, the errors of sending the endpoint:
    ///   ``NetworkError/Kind/unacceptableStatus(_:)``, ``NetworkError/Kind/decodingFailed(codingPath:)``,
    ///   ``NetworkError/Kind/cancelled``, any transport kind.
    public func transferEvents<Value: Sendable>(_ endpoint: Endpoint<Value>) -> TransferEvents<Value> {
        TransferEvents { report in
            var watched = endpoint
            watched.options.addProgressReporter(report)
            return try await send(watched)
        }
    }

    /// A request's progress and its response in one stream: upload and download progress, then the
    /// response, whatever its status, with its body collected within
    /// ``RequestOptions/maxResponseBodySize`` (``ResponseBody/bufferedData`` holds the bytes).
    ///
    /// For a body too large for memory, stream it into a file with
    /// ``transferEvents(downloading:to:accepting:)``.
    ///
    /// ```swift
    /// for try await event in client.transferEvents(try ClientRequest(.get, path: "/report.csv")) {
    ///     if case .value(let response) = event, response.status == .ok {
    ///         print(response.body.bufferedData?.count ?? 0)
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: from the iteration, ``NetworkError``: ``NetworkError/Kind/bodyTooLarge``,
    ///   ``NetworkError/Kind/cancelled``, any transport kind; never for a status.
    public func transferEvents(_ request: ClientRequest) -> TransferEvents<ClientResponse> {
        TransferEvents { report in
            var watched = request
            watched.options.addProgressReporter(report)
            return try await sendCollecting(watched).0
        }
    }

    /// A download to a file with its progress in one stream: progress as the bytes reach the file
    /// (counted over the whole file, so a resumed download starts at the bytes it had), then the
    /// response, its body empty, once the file is in place: ``download(_:to:accepting:)``, iterated.
    ///
    /// Cancelling the iterating task, or breaking out of the loop, leaves `destination` as it was; the
    /// bytes already received are kept for a later download only when it can resume them.
    ///
    /// ```swift
    /// let latest = URL(fileURLWithPath: "/var/backups/latest.tar")
    /// for try await event in client.transferEvents(downloading: try ClientRequest(.get, path: "/backups/latest.tar"), to: latest) {
    ///     if case .progress(let progress) = event { print(progress.fractionCompleted ?? 0) }
    /// }
    /// ```
    ///
    /// - Throws: from the iteration, the errors of ``download(_:to:accepting:)``.
    public func transferEvents(
        downloading request: ClientRequest,
        to destination: URL,
        accepting acceptableStatus: AcceptableStatus = .successful
    ) -> TransferEvents<ClientResponse> {
        precondition(destination.isFileURL, "a download's destination must be a file URL, not \(destination)")
        return TransferEvents { report in
            var watched = request
            watched.options.addProgressReporter(report)
            return try await download(watched, to: destination, accepting: acceptableStatus)
        }
    }
}

extension RequestOptions {
    /// Makes `report` hear every progress event first, then the ``onProgress`` already set, if any.
    fileprivate mutating func addProgressReporter(_ report: @escaping @Sendable (TransferProgress) -> Void) {
        guard let previous = onProgress else {
            onProgress = report
            return
        }
        onProgress = { progress in
            report(progress)
            previous(progress)
        }
    }
}
