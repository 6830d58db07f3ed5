import Foundation
import InMemoryTracing
import Logging
import Tracing

/// One line a ``CapturingLogHandler`` received.
public struct CapturedLog: Sendable {
    public var level: Logger.Level
    public var message: String
    public var metadata: Logger.Metadata

    /// The message and every metadata value, for searching for text that must not appear.
    public var fullText: String {
        ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }
}

/// A swift-log handler that keeps every line in memory, for assertions.
public struct CapturingLogHandler: LogHandler {
    public let lines = Recorded<CapturedLog>()
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level

    public init(level: Logger.Level = .trace) {
        logLevel = level
    }

    /// A logger writing to a new handler, and the handler's lines.
    public static func logger(level: Logger.Level = .trace) -> (Logger, Recorded<CapturedLog>) {
        let handler = CapturingLogHandler(level: level)
        return (Logger(label: "courier.tests") { _ in handler }, handler.lines)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        merged.merge(event.metadata ?? [:]) { _, new in new }
        lines.append(CapturedLog(level: event.level, message: "\(event.message)", metadata: merged))
    }
}

/// An in-memory tracer whose ids are W3C-shaped (32 and 16 lowercase hex digits) and whose instrument
/// injects a W3C `traceparent`, the way an OpenTelemetry tracer does.
public struct W3CInMemoryTracer: Tracer {
    public let recorded: InMemoryTracer

    public init() {
        let counter = IDCounter()
        @Sendable func next(_ digits: Int) -> String {
            let value = String(counter.next(), radix: 16)
            return String(repeating: "0", count: digits - value.count) + value
        }
        recorded = InMemoryTracer(idGenerator: .init(nextTraceID: { next(32) }, nextSpanID: { next(16) }))
    }

    public func startSpan<Instant: TracerInstant>(
        _ operationName: String,
        context: @autoclosure () -> ServiceContext,
        ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant,
        function: String,
        file fileID: String,
        line: UInt
    ) -> InMemorySpan {
        recorded.startSpan(operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID, line: line)
    }

    public func forceFlush() {}

    public func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
    ) where Carrier == Inject.Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }

    public func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
    ) where Carrier == Extract.Carrier {}
}

/// Hands out 1, 2, 3, … to concurrent callers.
///
/// `@unchecked Sendable`: `value` is only touched under `lock`.
private final class IDCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
