import CoreMetrics
import HTTPTypes

/// Records counts, durations, failures, retries and requests in flight through swift-metrics: an
/// ``ExchangeObserver``, since it only watches.
struct RequestMetrics<C: Clock<Duration>>: ExchangeObserver {
    let factory: any MetricsFactory
    let names: MetricNames
    let clock: C
    private let handles: MetricHandles

    init(factory: any MetricsFactory, names: MetricNames, clock: C) {
        self.factory = factory
        self.names = names
        self.clock = clock
        handles = MetricHandles(factory: factory, names: names)
    }

    /// The route's handles and the start of the exchange.
    struct Observation: Sendable {
        let route: MetricHandles.Route
        let inFlight: Meter
        let start: C.Instant
    }

    func willSend(_ request: inout ClientRequest) -> Observation? {
        let route = MetricHandles.Route(method: request.method.rawValue, host: request.head.authority ?? "")
        let routeHandles = handles.handles(for: route)
        routeHandles.inFlight.increment()
        // Inside a retrying layer this layer sees each attempt; outside, it hears of them.
        if request.options.attempt > 1 { routeHandles.countRetry(request.options.attempt) }
        request.options.retryListeners.append(routeHandles.countRetry)
        return Observation(route: route, inFlight: routeHandles.inFlight, start: clock.now)
    }

    /// The phases the transport saw until the head, one timer each; the body's phase when its last byte arrives
    /// (a body not read to its end has none).
    func exchange(_ observation: Observation, received response: ClientResponse) {
        guard let timeline = response.timeline else { return }
        let timings = timeline.snapshot
        for phase in timings.phases where phase.name != Self.bodyPhase {
            handles.timer(for: MetricHandles.Phase(route: observation.route, name: phase.name))
                .recordNanoseconds(Self.nanoseconds(phase.duration))
        }
        let handles = handles
        let route = observation.route
        timeline.whenBodyEnds { timings in
            guard let body = timings.phases.last, body.name == Self.bodyPhase else { return }
            handles.timer(for: MetricHandles.Phase(route: route, name: body.name)).recordNanoseconds(Self.nanoseconds(body.duration))
        }
    }

    /// The name ``ExchangeTimings/phases`` gives the body's phase.
    private static var bodyPhase: String { "body" }

    func exchange(_ observation: Observation, ended end: ExchangeEnd) {
        let elapsed = observation.start.duration(to: clock.now)
        switch end {
        case .failed(let failure):
            record(observation.route, statusClass: "error", failure: failure.kind, elapsed: elapsed)
        case .responded(let head, _, let ending):
            var failure: NetworkError.Kind?
            if case .failed(let error) = ending {
                failure = NetworkError.wrapping(error, request: nil).kind
            }
            record(observation.route, statusClass: "\(head.status.code / 100)xx", failure: failure, elapsed: elapsed)
        }
        observation.inFlight.decrement()
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private func record(_ route: MetricHandles.Route, statusClass: String, failure: NetworkError.Kind?, elapsed: Duration) {
        let outcome = handles.handles(for: MetricHandles.Outcome(route: route, statusClass: statusClass))
        outcome.requests.increment()
        outcome.duration.recordNanoseconds(Self.nanoseconds(elapsed))
        if let failure {
            // Failures are rare and their kinds many: their counter is made when one happens.
            Counter(label: names.failures, dimensions: [("method", route.method), ("host", route.host), ("kind", failure.name)], factory: factory)
                .increment()
        }
    }
}

/// The labels of the metrics ``Client/reportingMetrics(to:names:clock:)`` records.
public struct MetricNames: Sendable, Equatable {
    /// Counter: requests answered or failed, by `method`, `host`, `status_class` (`2xx`…`5xx`, or
    /// `error` when no response came back). `<prefix>_requests_total`.
    public var requests: String
    /// Counter: requests that failed, by `method`, `host` and `kind` (``NetworkError/Kind/name``),
    /// including a body that failed after its head. `<prefix>_request_failures_total`.
    public var failures: String
    /// Timer: from handing the request on until the response body was read to its end (or the
    /// failure), by `method`, `host`, `status_class`. `<prefix>_request_duration_seconds`.
    public var duration: String
    /// Counter: further attempts made by retrying or hedging layers inside this one, by `method` and
    /// `host`. `<prefix>_request_retries_total`.
    public var retries: String
    /// Meter: requests in flight, by `method` and `host`. `<prefix>_requests_in_flight`.
    public var inFlight: String
    /// Timer: each phase of an exchange the transport observed (``ExchangeTimings``: `dns`, `connect`, `tls`,
    /// `connection`, `request`, `first-byte`, and `body` once the body has been read to its end), by `method`,
    /// `host` and `phase`.
    /// `<prefix>_request_phase_duration_seconds`.
    public var phaseDuration: String

    /// The labels with `prefix` and an underscore before each name.
    public init(prefix: String = "courier") {
        requests = "\(prefix)_requests_total"
        failures = "\(prefix)_request_failures_total"
        duration = "\(prefix)_request_duration_seconds"
        retries = "\(prefix)_request_retries_total"
        inFlight = "\(prefix)_requests_in_flight"
        phaseDuration = "\(prefix)_request_phase_duration_seconds"
    }
}

extension Client {
    /// A client that records metrics for every request through swift-metrics: a request count, failures
    /// by kind, a duration histogram, retries and an in-flight gauge, with dimensions for the method,
    /// the host and the status class, and a histogram per phase of the exchange the transport observed
    /// (``ExchangeTimings``). See ``MetricNames`` for the labels.
    ///
    /// Without a metrics backend (`MetricsSystem.bootstrap(…)`) the default factory records nothing.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .retrying()
    ///     .reportingMetrics()     // outside the retries: one request, its retries counted
    /// ```
    ///
    /// - Parameters:
    ///   - factory: where the metrics go; `MetricsSystem.factory` (the bootstrapped backend) by default.
    ///   - names: the labels.
    ///   - clock: measures durations.
    public func reportingMetrics(
        to factory: any MetricsFactory = MetricsSystem.factory,
        names: MetricNames = MetricNames(),
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        observing(RequestMetrics(factory: factory, names: names, clock: ErasedClock(clock)))
    }
}
