/// Listeners a reporting layer (metrics, tracing) leaves on a request to hear of each further attempt
/// that a retrying or hedging layer inside it makes.
enum RetryListenersOptionKey: RequestOptionKey {
    static let defaultValue: [@Sendable (_ attempt: Int) -> Void] = []
}

extension RequestOptions {
    /// Called with the attempt number (2, 3, …) whenever a layer sends this request again.
    var retryListeners: [@Sendable (_ attempt: Int) -> Void] {
        get { self[RetryListenersOptionKey.self] }
        set { self[RetryListenersOptionKey.self] = newValue }
    }
}

extension ClientRequest {
    /// Tells the listeners that attempt `number` of this request is about to be sent.
    func announceAttempt(_ number: Int) {
        for listener in options.retryListeners {
            listener(number)
        }
    }
}
