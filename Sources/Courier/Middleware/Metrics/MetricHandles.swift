import CoreMetrics

/// The metric handles ``Client/reportingMetrics(to:names:clock:)`` records into, made once per method, host
/// and status class and reused: making them per request cost a factory call and an allocation each
/// (three per request), a measurable part of the layer's cost over the wire (Benchmarks/load).
///
/// Past ``limit`` distinct keys (a client talking to very many hosts), handles are made per request
/// again rather than kept without bound.
final class MetricHandles: Sendable {
    struct Route: Hashable {
        let method: String
        let host: String
    }

    struct Outcome: Hashable {
        let route: Route
        let statusClass: String
    }

    struct RouteHandles {
        let inFlight: Meter
        /// Counts a retry of a request on the route: left on each request as a retry listener, made once per
        /// route rather than per request.
        let countRetry: @Sendable (_ attempt: Int) -> Void
    }

    struct OutcomeHandles {
        let requests: Counter
        let duration: Timer
    }

    /// The most keys of each kind kept.
    static let limit = 1_000

    private let factory: any MetricsFactory
    private let names: MetricNames
    private let routes = Locked<[Route: RouteHandles]>([:])
    private let outcomes = Locked<[Outcome: OutcomeHandles]>([:])
    private let phases = Locked<[Phase: Timer]>([:])

    struct Phase: Hashable {
        let route: Route
        let name: String
    }

    init(factory: any MetricsFactory, names: MetricNames) {
        self.factory = factory
        self.names = names
    }

    /// The in-flight meter of `route`. (Retries are rare: their counter is made when one happens, so that
    /// a client that never retries reports no such series.)
    func handles(for route: Route) -> RouteHandles {
        if let found = routes.withLock({ $0[route] }) { return found }
        let dimensions = [("method", route.method), ("host", route.host)]
        let made = RouteHandles(inFlight: Meter(label: names.inFlight, dimensions: dimensions, factory: factory)) { [factory, names] _ in
            // Retries are rare: their counter is made when one happens.
            Counter(label: names.retries, dimensions: dimensions, factory: factory).increment()
        }
        return routes.withLock { table in
            if let found = table[route] { return found }
            if table.count < Self.limit { table[route] = made }
            return made
        }
    }

    /// The requests counter and the duration timer of `outcome`.
    func handles(for outcome: Outcome) -> OutcomeHandles {
        if let found = outcomes.withLock({ $0[outcome] }) { return found }
        let dimensions = [("method", outcome.route.method), ("host", outcome.route.host), ("status_class", outcome.statusClass)]
        let made = OutcomeHandles(
            requests: Counter(label: names.requests, dimensions: dimensions, factory: factory),
            duration: Timer(label: names.duration, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
        )
        return outcomes.withLock { table in
            if let found = table[outcome] { return found }
            if table.count < Self.limit { table[outcome] = made }
            return made
        }
    }

    /// The timer of one phase of the exchanges on a route (``ExchangeTimings/phases``).
    func timer(for phase: Phase) -> Timer {
        if let found = phases.withLock({ $0[phase] }) { return found }
        let dimensions = [("method", phase.route.method), ("host", phase.route.host), ("phase", phase.name)]
        let made = Timer(label: names.phaseDuration, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
        return phases.withLock { table in
            if let found = table[phase] { return found }
            if table.count < Self.limit { table[phase] = made }
            return made
        }
    }
}
