/// A request that can be fired again and again, whose every outcome reaches every subscriber: FunNet's
/// re-firable call, with async sequences for subscribers.
///
/// One part of an app fires (a pull to refresh, a timer); others listen, each to what it cares about —
/// a list to the values, a banner to the errors, a spinner to the in-flight state — without
/// re-subscribing after each fire:
///
/// ```swift
/// let feed = NetworkCall(client: client, endpoint: API.articles(tag: "swift"))
/// let values = feed.values(), errors = feed.errors(), activity = feed.inFlight()
/// Task { for await articles in values { render(articles) } }
/// Task { for await error in errors { showBanner(NetworkError.userMessage(for: error)) } }
/// Task { for await loading in activity { spinner.isHidden = !loading } }
/// feed.fire()          // and again on every pull to refresh
/// ```
///
/// Subscribe outside the listening tasks, as above: a task that captures the `NetworkCall` itself keeps
/// it alive, and its streams never end.
///
/// A subscriber sees the fires after it subscribed; one that asks with `replayingLatest: true` first
/// gets the latest outcome. A subscriber that stops iterating (its task ends or is cancelled) is
/// dropped; nothing is kept for it. When the `NetworkCall` itself goes away, every stream ends.
public final class NetworkCall<Value: Sendable>: Sendable {
    private let call: Call<(Value, ClientResponse)>
    private let valueSubscribers = Broadcast<Value>()
    private let errorSubscribers = Broadcast<any Error>()
    private let responseSubscribers = Broadcast<ClientResponse>()
    private let activitySubscribers = Broadcast<Bool>()
    private let running = Locked(0)

    /// A call that sends `endpoint` with `client` each time it is fired.
    public init(client: Client, endpoint: Endpoint<Value>) {
        call = Call { try await client.response(endpoint) }
    }

    deinit {
        valueSubscribers.finish()
        errorSubscribers.finish()
        responseSubscribers.finish()
        activitySubscribers.finish()
    }

    /// Sends the request (again), in a task of its own, and reports its outcome to the subscribers.
    ///
    /// Fires may overlap: each reports its own outcome, and ``inFlight(replayingLatest:)`` stays `true`
    /// until the last one has finished. The task's value is the outcome (`await feed.fire().value`);
    /// cancelling the task cancels this fire only.
    @discardableResult
    public func fire() -> Task<Result<Value, any Error>, Never> {
        running.withLock { count in
            count += 1
            // Under the counter's lock, so a fire ending at the same moment cannot report `false` after this `true`.
            if count == 1 { activitySubscribers.send(true) }
        }
        return Task { self.report(await self.call.result()) }
    }

    private func report(_ outcome: Result<(Value, ClientResponse), any Error>) -> Result<Value, any Error> {
        switch outcome {
        case .success(let (value, response)):
            responseSubscribers.send(response)
            valueSubscribers.send(value)
        case .failure(let error):
            if let response = (error as? NetworkError)?.response {
                responseSubscribers.send(response)
            }
            // A cancelled fire was abandoned on purpose: nothing for an error banner to show.
            if !Call<Value>.isCancellation(error) { errorSubscribers.send(error) }
        }
        running.withLock { count in
            count -= 1
            if count == 0 { activitySubscribers.send(false) }
        }
        return outcome.map(\.0)
    }

    /// Every decoded value from now on (and the latest first, if asked).
    public func values(replayingLatest: Bool = false) -> AsyncStream<Value> {
        valueSubscribers.subscribe(replayingLatest: replayingLatest)
    }

    /// Every error from now on: a transport failure, an unacceptable status, a body that did not decode.
    /// A cancelled fire reports no error.
    public func errors(replayingLatest: Bool = false) -> AsyncStream<any Error> {
        errorSubscribers.subscribe(replayingLatest: replayingLatest)
    }

    /// Every response from now on, with its body collected — also the response behind an unacceptable
    /// status or a decoding failure.
    public func responses(replayingLatest: Bool = false) -> AsyncStream<ClientResponse> {
        responseSubscribers.subscribe(replayingLatest: replayingLatest)
    }

    /// `true` when a fire starts while none was running, `false` when the last one running ends.
    public func inFlight(replayingLatest: Bool = false) -> AsyncStream<Bool> {
        activitySubscribers.subscribe(replayingLatest: replayingLatest)
    }

    /// How many subscribers are listening now (a test can check that none leaks).
    public var subscriberCount: Int {
        valueSubscribers.subscriberCount + errorSubscribers.subscriberCount
            + responseSubscribers.subscriberCount + activitySubscribers.subscriberCount
    }
}
