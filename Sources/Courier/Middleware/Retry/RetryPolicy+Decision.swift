import HTTPTypes

extension RetryPolicy {
    /// Whether another attempt after `outcome` is worth making and safe: the one decision that
    /// ``Client/retrying(_:clock:)`` and CourierOperators' `retry` both make.
    ///
    /// In order, each an early return:
    /// - a response whose status is not in ``retryableStatuses``, an error whose kind is not in
    ///   ``retryableErrors`` (a ``NetworkError/Kind/unacceptableStatus(_:)`` also counts as its status; with
    ///   ``offline`` set, an offline kind, ``OfflineRetry/kinds``, always counts), and any error that is not a
    ///   ``NetworkError`` are final: `.stop(reason: nil)`;
    /// - a request whose body cannot be sent again (``RequestBody/singlePass(length:_:)``) stops, with
    ///   the reason;
    /// - a request that is not ``isIdempotent(_:)`` stops, with the reason, unless
    ///   ``retriesNonIdempotentRequests`` is on or the error says the server never saw it
    ///   (``NetworkError/Kind/cannotConnect``, ``NetworkError/Kind/notConnected``);
    /// - otherwise `.retryAfter` the server's `Retry-After` when it sent one and ``honoursRetryAfter``
    ///   is on, else `.retry`.
    ///
    /// How many attempts, how long, and the budget are the loop's to count, not this decision's.
    ///
    /// ```swift
    /// let request = try ClientRequest(.post, url: "https://example.com/orders")
    /// let failure = NetworkError(.timedOut, request: request)
    /// RetryPolicy.default.decision(for: .failure(failure), request: request)
    /// // .stop(reason: "POST is not idempotent and the server may have processed it; …")
    /// ```
    ///
    /// - Parameters:
    ///   - outcome: the response, or the error, of the attempt just made.
    ///   - request: the request as sent; `nil` when the work is not known to be one request: then only an
    ///     error that proves nothing was sent (``NetworkError/Kind/cannotConnect``,
    ///     ``NetworkError/Kind/notConnected``) allows another attempt, unless
    ///     ``retriesNonIdempotentRequests`` is on.
    public func decision(for outcome: Result<ClientResponse, any Error>, request: ClientRequest?) -> RetryDecision {
        let serverDelay: Duration?
        let neverReachedServer: Bool
        switch outcome {
        case .success(let response):
            // A status another attempt may change: overload, unavailability, a gateway's failure.
            guard retryableStatuses.contains(response.status.code) else { return .stop(reason: nil) }
            serverDelay = retryAfter(in: response)
            neverReachedServer = false
        case .failure(let error as NetworkError):
            if case .unacceptableStatus(let code) = error.kind {
                // A status check inside retry (or a pipeline's) reports the status as an error: the same
                // judgement as for the response, and the kind itself still counts when it is listed.
                guard retryableStatuses.contains(code) || retryableErrors.contains(error.kind) else { return .stop(reason: nil) }
                serverDelay = error.response.flatMap(retryAfter(in:))
                neverReachedServer = false
            } else {
                // An invalid URL, a body that does not decode: no attempt fixes them. An offline error is
                // worth another attempt whenever the policy waits for the network: the wait decides when.
                let offlineWait = offline != nil && OfflineRetry.isOffline(error)
                guard retryableErrors.contains(error.kind) || offlineWait else { return .stop(reason: nil) }
                serverDelay = nil
                // No connection was made: whatever the method, the server never saw the request.
                neverReachedServer = OfflineRetry.isOffline(error)
            }
        case .failure:
            // Not an HTTP failure (cancellation among them): this decision has nothing to say about it.
            return .stop(reason: nil)
        }
        guard let request else {
            // NOTE: an error that carries no request (a pipeline's own timeout) may have cut off a write
            // the server applied: only an error that proves nothing was sent allows another attempt.
            guard neverReachedServer || retriesNonIdempotentRequests else {
                return .stop(reason: "the error does not say which request failed, and the server may have processed it.")
            }
            return serverDelay.map(RetryDecision.retryAfter) ?? .retry
        }
        // A single-pass stream was consumed by the first attempt: there is nothing left to send.
        guard request.body.isReplayable else {
            return .stop(reason: "the body is a single-pass stream and was already sent; use RequestBody.stream(length:_:) or .file(at:) to make it replayable.")
        }
        // A mutation the server may have applied must not be applied twice.
        guard isIdempotent(request) || retriesNonIdempotentRequests || neverReachedServer else {
            return .stop(reason: "\(request.method) is not idempotent and the server may have processed it; send an Idempotency-Key header or set RetryPolicy.retriesNonIdempotentRequests.")
        }
        return serverDelay.map(RetryDecision.retryAfter) ?? .retry
    }

    /// Whether sending `request` twice has the effect of sending it once, as this policy sees it: its
    /// method is one of ``retryableMethods`` (the idempotent methods of RFC 9110 unless changed), or it
    /// carries an `Idempotency-Key` header that the server deduplicates on.
    public func isIdempotent(_ request: ClientRequest) -> Bool {
        retryableMethods.contains(request.method) || request.head.headerFields[.idempotencyKey] != nil
    }

    /// The wait `response`'s `Retry-After` asks for, when this policy honours it and it can be read.
    private func retryAfter(in response: ClientResponse) -> Duration? {
        guard honoursRetryAfter, let value = response.head.headerFields[.retryAfter] else { return nil }
        return RetryAfter.delay(value, now: currentDate())
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header).
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
