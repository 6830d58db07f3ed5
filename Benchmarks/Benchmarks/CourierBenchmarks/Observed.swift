import Courier
import InMemoryTracing
import Logging
import MetricsTestKit

/// A log handler that accepts `info` and above and throws the lines away.
///
/// swift-log's own `SwiftLogNoOpLogHandler` reports `critical` as its level, so a logger built on it never
/// formats a line; this one makes the benchmark pay for building every line it would print.
struct DiscardingLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {}
}

/// The observability stack the benchmark measures: numbered requests, a line per request start and end at
/// `info`, metrics into an in-memory backend and a span per request into an in-memory tracer.
///
/// Real backends are used rather than the no-op defaults so that every label, dimension and attribute is
/// built and handed over, as it would be in production.
func observed(_ client: Client, metrics: TestMetrics, tracer: InMemoryTracer) -> Client {
    client
        .reportingMetrics(to: metrics)
        .tracing(with: tracer)
        .logging(to: Logger(label: "courier.benchmark") { _ in DiscardingLogHandler() })
        .numbered()
}
