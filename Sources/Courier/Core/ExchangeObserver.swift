import HTTPTypes

/// The watching form of a layer: one that only looks at exchanges (logging, metrics, tracing) and never
/// changes what is sent or returned.
///
/// An observer is told of one exchange's events in the order a chain of layers would see them (the start
/// outermost first, the head and the end innermost first): the request handed on, the response head, and the end
/// (the body read to its end, dropped or failed, or a failure before any response). Observers added next
/// to each other share one stage of the chain: one asynchronous call and one watch on the response body for
/// the whole list, instead of one of each per layer. Add one with ``Client/observing(_:)``; like any layer,
/// it sees what passes where it sits (inside ``Client/retrying(_:clock:)`` it sees every attempt).
///
/// ```swift
/// struct SlowRequestReporter: ExchangeObserver {
///     let limit: Duration
///
///     func willSend(_ request: inout ClientRequest) -> ContinuousClock.Instant? {
///         ContinuousClock.now
///     }
///
///     func exchange(_ start: ContinuousClock.Instant, ended end: ExchangeEnd) {
///         let elapsed = start.duration(to: .now)
///         if elapsed > limit { print("slow: \(elapsed)") }
///     }
/// }
///
/// let client = Client(transport: URLSessionTransport()).observing(SlowRequestReporter(limit: .seconds(1)))
/// ```
///
/// The calls come on whatever thread the exchange is on, the end possibly on the thread that reads the
/// body: keep them short, and keep shared state behind a lock.
public protocol ExchangeObserver: Sendable {
    /// What the observer keeps of one exchange from its start to its end (a start time, a log line's
    /// text).
    associatedtype Observation: Sendable

    /// The request is about to be handed to the layers below.
    ///
    /// The observer may leave request options for the layers below to read (a
    /// ``RequestOptions/retryListeners`` entry, say); it must not change what is sent.
    ///
    /// - Returns: what to keep for the other calls, or `nil` to hear nothing more of this exchange.
    func willSend(_ request: inout ClientRequest) -> Observation?

    /// The response head arrived; its body has not been read. Does nothing unless implemented.
    func exchange(_ observation: Observation, received response: ClientResponse)

    /// The exchange is over: called exactly once for every observation ``willSend(_:)`` returned.
    func exchange(_ observation: Observation, ended end: ExchangeEnd)
}

extension ExchangeObserver {
    /// Does nothing: an observer that only needs the start and the end implements neither.
    public func exchange(_ observation: Observation, received response: ClientResponse) {}
}

/// How an exchange an ``ExchangeObserver`` watched ended.
public enum ExchangeEnd: Sendable {
    /// No response came back: what the layers below threw.
    case failed(NetworkError)
    /// A response came back, and its body ended: read to its end, dropped unread, or failed; `bytes` is how
    /// much of it was read.
    case responded(HTTPResponse, bytes: Int64, body: BodyEnding)
}
