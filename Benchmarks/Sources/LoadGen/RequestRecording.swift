import Metrics
import Synchronization

/// The metric handles the hand-written clients (`raw-ahc-handwritten`, and `openapi-ahc`'s metrics middleware)
/// record into: the same labels and dimensions as `.reportingMetrics(to:)` (a requests counter and a duration
/// timer by method, host and status class; an in-flight meter by method and host), made once per key and reused as
/// Courier's `MetricHandles` makes them. Making them per request would cost a factory call and an allocation each,
/// which Courier does not pay: the comparison would measure the hand-written side's carelessness, not the layers.
final class RequestMetricHandles: Sendable {
    struct Route: Hashable, Sendable {
        let method: String
        let host: String
    }

    struct Outcome: Hashable, Sendable {
        let route: Route
        let statusClass: String
    }

    struct OutcomeHandles: Sendable {
        let requests: Counter
        let duration: Timer
    }

    /// Courier's default labels (`MetricNames()`), so that a backend keyed by label sees the same series.
    static let requestsLabel = "courier_requests_total"
    static let failuresLabel = "courier_request_failures_total"
    static let durationLabel = "courier_request_duration_seconds"
    static let retriesLabel = "courier_request_retries_total"
    static let inFlightLabel = "courier_requests_in_flight"

    private let factory: any MetricsFactory
    private let meters = Mutex<[Route: Meter]>([:])
    private let outcomes = Mutex<[Outcome: OutcomeHandles]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// The in-flight meter of `route`.
    func inFlight(_ route: Route) -> Meter {
        if let found = meters.withLock({ $0[route] }) { return found }
        // Made outside the lock, as Courier does: a factory may take locks of its own.
        let made = Meter(label: Self.inFlightLabel, dimensions: [("method", route.method), ("host", route.host)], factory: factory)
        return meters.withLock { table in
            if let found = table[route] { return found }
            table[route] = made
            return made
        }
    }

    /// Counts one request that ended with `statusClass` (`2xx`…`5xx`, or `error`) after `elapsed`, and its failure
    /// when `failure` names one.
    func record(_ route: Route, statusClass: String, elapsed: Duration, failure: String? = nil) {
        let handles = outcome(Outcome(route: route, statusClass: statusClass))
        handles.requests.increment()
        let (seconds, attoseconds) = elapsed.components
        handles.duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if let failure {
            // Failures are rare and their kinds many: their counter is made when one happens, as in Courier.
            Counter(label: Self.failuresLabel, dimensions: [("method", route.method), ("host", route.host), ("kind", failure)], factory: factory)
                .increment()
        }
    }

    /// Counts a further attempt of a request (made when it happens: a client that never retries reports none).
    func recordRetry(_ route: Route) {
        Counter(label: Self.retriesLabel, dimensions: [("method", route.method), ("host", route.host)], factory: factory).increment()
    }

    private func outcome(_ outcome: Outcome) -> OutcomeHandles {
        if let found = outcomes.withLock({ $0[outcome] }) { return found }
        let dimensions = [("method", outcome.route.method), ("host", outcome.route.host), ("status_class", outcome.statusClass)]
        let made = OutcomeHandles(
            requests: Counter(label: Self.requestsLabel, dimensions: dimensions, factory: factory),
            duration: Timer(label: Self.durationLabel, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
        )
        return outcomes.withLock { table in
            if let found = table[outcome] { return found }
            table[outcome] = made
            return made
        }
    }

    /// `2xx` for 200: the status class dimension.
    static func statusClass(_ code: Int) -> String {
        "\(code / 100)xx"
    }
}

extension Duration {
    /// Milliseconds with one decimal (`12.3`), as `.logging(to:)` writes them in its end line and `duration_ms`.
    var loggedMilliseconds: String {
        let (seconds, attoseconds) = components
        let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}

/// The status as `.logging(to:)` writes it in its end line, `200 OK`: the reason phrase the response carried, or the
/// standard one when it carried none (HTTPTypes' `HTTPResponse.Status(code:)`, which the OpenAPI transport makes,
/// has an empty phrase).
enum StatusLine {
    static func text(code: Int, reasonPhrase: String) -> String {
        let phrase = reasonPhrase.isEmpty ? standard[code] ?? "" : reasonPhrase
        return phrase.isEmpty ? "\(code)" : "\(code) \(phrase)"
    }

    /// The phrases a load run can meet; Courier's table has every code RFC 9110 names, a lookup of the same cost.
    private static let standard: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized",
        403: "Forbidden", 404: "Not Found", 408: "Request Timeout", 429: "Too Many Requests",
        500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
