import Foundation

extension Client {
    /// Starts sending `request` and returns at once: a ``Transfer`` whose progress reports the upload
    /// as the transport sends the body, then the download as the caller reads the response body.
    ///
    /// The value is the response as ``send(_:)-(ClientRequest)`` returns it, whatever its status; its body streams,
    /// and the progress stream finishes once that body has been read to its end, has failed, or has
    /// been dropped. A ``RequestOptions/onProgress`` the request already had is still called.
    ///
    /// - Important: read ``Transfer/progress`` in another task than the one that reads the body: the
    ///   stream ends only after the body does, so a loop over it before the body is read never ends.
    ///
    /// ```swift
    /// let transfer = client.transfer(try ClientRequest(.get, path: "/video.mp4"))
    /// let response = try await transfer.value
    /// for try await chunk in response.body { try file.write(contentsOf: chunk) }   // progress: download
    /// ```
    public func transfer(_ request: ClientRequest) -> Transfer<ClientResponse> {
        let relay = ProgressRelay()
        var request = request
        request.options.onProgress = relay.callback(chainingTo: request.options.onProgress)
        let task = Task { [request] in
            do {
                var response = try await send(request)
                response.body = response.body.onFinish { relay.finish() }
                return response
            } catch {
                relay.finish()
                throw error
            }
        }
        return Transfer(progress: relay.stream, task: task)
    }

    /// Starts sending an endpoint's request and returns at once: a ``Transfer`` whose value is the
    /// decoded value, exactly as ``send(_:)-(Endpoint<Value>)`` gives it (the body collected within
    /// ``RequestOptions/maxResponseBodySize``), and whose progress reports the upload and the download.
    ///
    /// - Throws: from ``Transfer/value``, the errors of sending the endpoint.
    public func transfer<Value: Sendable>(_ endpoint: Endpoint<Value>) -> Transfer<Value> {
        let relay = ProgressRelay()
        var endpoint = endpoint
        endpoint.options.onProgress = relay.callback(chainingTo: endpoint.options.onProgress)
        let task = Task { [endpoint] in
            defer { relay.finish() }
            return try await send(endpoint)
        }
        return Transfer(progress: relay.stream, task: task)
    }

    /// Starts downloading `request`'s response body into the file at `destination` and returns at
    /// once: a ``Transfer`` over ``download(_:to:accepting:)``, whose progress reports the download as
    /// the bytes reach the file.
    ///
    /// Cancelling it (``Transfer/cancel()``, or the task awaiting ``Transfer/value``) leaves
    /// `destination` as it was; the bytes already received stay in `<destination>.courier-partial` only
    /// when a later download can resume them (see ``download(_:to:accepting:)``).
    public func transfer(
        downloading request: ClientRequest,
        to destination: URL,
        accepting acceptableStatus: AcceptableStatus = .successful
    ) -> Transfer<ClientResponse> {
        let relay = ProgressRelay()
        var request = request
        request.options.onProgress = relay.callback(chainingTo: request.options.onProgress)
        let task = Task { [request] in
            defer { relay.finish() }
            return try await download(request, to: destination, accepting: acceptableStatus)
        }
        return Transfer(progress: relay.stream, task: task)
    }
}
