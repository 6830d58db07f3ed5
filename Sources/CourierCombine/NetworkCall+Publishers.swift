import Courier

// A publisher of each of a `NetworkCall`'s streams. Each subscription is one more subscriber of the
// call: it sees the fires after it subscribed (the latest outcome first when `replayingLatest`), and
// cancelling it removes that subscriber. The publishers hold the call, so the call lives as long as a
// publisher is kept; a subscription holds only its stream, and finishes when the call goes away.
extension NetworkCall {
    /// Every decoded value from now on, as a publisher: the Combine form of `values(replayingLatest:)`.
    ///
    /// ```swift
    /// cancellable = feed.valuesPublisher()
    ///     .receive(on: DispatchQueue.main)
    ///     .sink { articles in render(articles) }
    /// feed.fire()
    /// ```
    public func valuesPublisher(replayingLatest: Bool = false) -> AsyncStreamPublisher<Value> {
        AsyncStreamPublisher { self.values(replayingLatest: replayingLatest) }
    }

    /// Every error from now on, as a publisher: the Combine form of `errors(replayingLatest:)`.
    ///
    /// An error is an element here, not a failure: the publisher keeps going after it, as the call can
    /// be fired again.
    public func errorsPublisher(replayingLatest: Bool = false) -> AsyncStreamPublisher<any Error> {
        AsyncStreamPublisher { self.errors(replayingLatest: replayingLatest) }
    }

    /// Every response from now on, as a publisher: the Combine form of `responses(replayingLatest:)`.
    public func responsesPublisher(replayingLatest: Bool = false) -> AsyncStreamPublisher<ClientResponse> {
        AsyncStreamPublisher { self.responses(replayingLatest: replayingLatest) }
    }

    /// Whether a fire is running, as a publisher: the Combine form of `inFlight(replayingLatest:)`,
    /// for a spinner.
    public func inFlightPublisher(replayingLatest: Bool = false) -> AsyncStreamPublisher<Bool> {
        AsyncStreamPublisher { self.inFlight(replayingLatest: replayingLatest) }
    }
}
