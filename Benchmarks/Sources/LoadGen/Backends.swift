import Logging
import Metrics
import Synchronization

/// A log handler that writes nothing, at the level it is given: messages at or above it are built and
/// handed over, as with a real handler, then dropped.
struct DiscardingLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {}
}

/// A cheap real metrics backend: every handler adds to an atomic.
final class CountingMetrics: MetricsFactory, Sendable {
    final class Handler: CounterHandler, FloatingPointCounterHandler, RecorderHandler, TimerHandler, MeterHandler, Sendable {
        let total = Atomic<Int64>(0)
        func increment(by amount: Int64) { total.add(amount, ordering: .relaxed) }
        func increment(by amount: Double) { total.add(Int64(amount), ordering: .relaxed) }
        func reset() { total.store(0, ordering: .relaxed) }
        func record(_ value: Int64) { total.add(value, ordering: .relaxed) }
        func record(_ value: Double) { total.add(Int64(value), ordering: .relaxed) }
        func recordNanoseconds(_ duration: Int64) { total.add(duration, ordering: .relaxed) }
        func set(_ value: Int64) { total.store(value, ordering: .relaxed) }
        func set(_ value: Double) { total.store(Int64(value), ordering: .relaxed) }
        func decrement(by amount: Double) { total.subtract(Int64(amount), ordering: .relaxed) }
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler { Handler() }
    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler { Handler() }
    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler { Handler() }
    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler { Handler() }
    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler { Handler() }
    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
    func destroyMeter(_ handler: any MeterHandler) {}
}
