/// Listeners a reporting layer (metrics, tracing) leaves on a request to hear of each further attempt
/// that a retrying or hedging layer inside it makes.
enum RetryListenersOptionKey: RequestOptionKey {
    static let defaultValue: [@Sendable (_ attempt: Int) -> Void] = []
}

extension RequestOptions {
    /// Called with the attempt number (2, 3, …) whenever a layer inside sends this request again: the
    /// outer view of retries.
    ///
    /// A reporting layer placed *inside* ``Client/retrying(_:clock:)`` sees every attempt itself
    /// (``RequestOptions/attempt`` says which). Placed *outside*, it sees one call; to still count or
    /// mark the retries made under it, it appends a listener before calling `next`. Built-in metrics
    /// and tracing do this; so can yours. A layer of yours that sends a request more than once calls
    /// ``ClientRequest/announceAttempt(_:)`` before each further attempt, as retry and hedging do.
    ///
    /// Listeners run on the task that makes the attempt, before it is sent: keep them short.
    ///
    /// ```swift
    /// struct RetryCounter: Middleware {
    ///     let tally: Tally   // yours: a Sendable class that counts under a lock
    ///
    ///     func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
    ///         var request = request
    ///         request.options.retryListeners.append { [tally] _ in tally.add() }
    ///         return try await next(request)
    ///     }
    /// }
    /// ```
    public var retryListeners: [@Sendable (_ attempt: Int) -> Void] {
        get { self[RetryListenersOptionKey.self] }
        set { self[RetryListenersOptionKey.self] = newValue }
    }
}

extension ClientRequest {
    /// Tells this request's ``RequestOptions/retryListeners`` that attempt `number` (2, 3, …) is about to
    /// be sent: call it from a layer of yours that sends a request again, before each further attempt.
    public func announceAttempt(_ number: Int) {
        for listener in options.retryListeners {
            listener(number)
        }
    }
}
