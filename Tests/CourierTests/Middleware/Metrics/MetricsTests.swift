import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Metrics
import MetricsTestKit
import Testing

@Suite("Metrics")
struct MetricsTests {
    static let names = MetricNames()

    @Test("a request is counted with method, host and status class, timed, and leaves the in-flight gauge at 0")
    func counted() async throws {
        let metrics = TestMetrics()
        let clock = TestClock()
        let transport = RecordingTransport { request in
            await clock.advance(by: .milliseconds(25))
            return stubResponse(201, body: "done", for: request)
        }
        let client = Client(transport: transport).reportingMetrics(to: metrics, clock: clock)
        _ = try await client.send(try itemsRequest(.post))
        _ = try await client.send(try itemsRequest(.post))

        let dimensions = [("method", "POST"), ("host", "api.example.com"), ("status_class", "2xx")]
        #expect(try metrics.expectCounter(Self.names.requests, dimensions).totalValue == 2)
        let timer = try metrics.expectTimer(Self.names.duration, dimensions)
        #expect(timer.values == [25_000_000, 25_000_000])
        let inFlight = try metrics.expectMeter(Self.names.inFlight, [("method", "POST"), ("host", "api.example.com")])
        #expect(inFlight.values == [1, 0, 1, 0])
        #expect(metrics.counters(label: Self.names.failures).isEmpty)
        #expect(metrics.counters(label: Self.names.retries).isEmpty)
    }

    @Test("handles are made once per method, host and status class, and past the key limit requests are still recorded")
    func handlesAreKept() async throws {
        let metrics = TestMetrics()
        let counting = CountingFactory(metrics)
        let transport = RecordingTransport { request in stubResponse(200, body: "ok", for: request) }
        let client = Client(transport: transport).reportingMetrics(to: counting, clock: TestClock())
        for _ in 0..<3 {
            _ = try await client.send(try itemsRequest()).body.collect(upTo: 100)
        }
        #expect(counting.made(Self.names.requests) == 1)
        #expect(counting.made(Self.names.duration) == 1)
        #expect(counting.made(Self.names.inFlight) == 1)
        let dimensions = [("method", "GET"), ("host", "api.example.com"), ("status_class", "2xx")]
        #expect(try metrics.expectCounter(Self.names.requests, dimensions).totalValue == 3)

        // 1,000 keys are kept; the 1,001st host's request is recorded all the same.
        for index in 0...1_000 {
            _ = try await client.send(try ClientRequest(url: "https://host\(index).example.com/")).body.collect(upTo: 100)
        }
        let last = [("method", "GET"), ("host", "host1000.example.com"), ("status_class", "2xx")]
        #expect(try metrics.expectCounter(Self.names.requests, last).totalValue == 1)
    }

    @Test("each phase the transport observed is timed, by method, host and phase, the body's once it ends; a response with no timings adds none")
    func phases() async throws {
        let metrics = TestMetrics()
        let timeline = ExchangeTimeline()
        let transport = RecordingTransport { request in
            var response = stubResponse(200, body: "ok", for: request)
            if request.head.path == "/timed" {
                timeline.update { timings in
                    timings.connectionReady = .milliseconds(2)
                    timings.requestSent = .milliseconds(3)
                    timings.responseStart = .milliseconds(10)
                }
                response.timeline = timeline
            }
            return response
        }
        let client = Client(transport: transport).reportingMetrics(to: metrics, clock: TestClock())
        _ = try await client.send(try ClientRequest(url: "https://api.example.com/untimed")).body.collect(upTo: 100)
        #expect(metrics.timers.filter { $0.label == Self.names.phaseDuration }.isEmpty)
        _ = try await client.send(try ClientRequest(url: "https://api.example.com/timed")).body.collect(upTo: 100)
        func phase(_ name: String) throws -> [Int64] {
            try metrics.expectTimer(Self.names.phaseDuration, [("method", "GET"), ("host", "api.example.com"), ("phase", name)]).values
        }
        #expect(try phase("connection") == [2_000_000])
        #expect(try phase("request") == [1_000_000])
        #expect(try phase("first-byte") == [7_000_000])
        // The body's phase waits for its end, which the transport marks; a body not read to its end has none.
        #expect(metrics.timers.filter { $0.label == Self.names.phaseDuration }.count == 3)
        timeline.update { $0.bodyEnd = .milliseconds(15) }
        #expect(try phase("body") == [5_000_000])
        timeline.update { $0.bodyEnd = .milliseconds(16) }
        #expect(try phase("body") == [5_000_000], "recorded once")
    }

    @Test("whenBodyEnds: run once at the body's end, at once when it has ended, in the order given")
    func whenBodyEnds() {
        let timeline = ExchangeTimeline()
        let seen = Locked<[String]>([])
        timeline.whenBodyEnds { _ in seen.withLock { $0.append("first") } }
        timeline.whenBodyEnds { timings in seen.withLock { $0.append("second \(timings.bodyEnd != nil)") } }
        timeline.mark(.responseStart)
        #expect(seen.withLock { $0 }.isEmpty)
        timeline.mark(.bodyEnd)
        timeline.mark(.bodyEnd)
        timeline.whenBodyEnds { _ in seen.withLock { $0.append("late") } }
        #expect(seen.withLock { $0 } == ["first", "second true", "late"])
    }

    @Test("a failure is counted by kind, under the status class 'error'")
    func failures() async throws {
        let metrics = TestMetrics()
        let client = Client(transport: RecordingTransport { _ in throw NetworkError(.timedOut) })
            .reportingMetrics(to: metrics, clock: TestClock())
        _ = try? await client.send(try itemsRequest())
        #expect(try metrics.expectCounter(Self.names.failures, [("method", "GET"), ("host", "api.example.com"), ("kind", "timedOut")]).totalValue == 1)
        #expect(try metrics.expectCounter(Self.names.requests, [("method", "GET"), ("host", "api.example.com"), ("status_class", "error")]).totalValue == 1)
        #expect(try metrics.expectMeter(Self.names.inFlight, [("method", "GET"), ("host", "api.example.com")]).lastValue == 0)
    }

    @Test("retries are counted outside a retrying layer (heard of) and inside it (seen), never twice")
    func retries() async throws {
        let outside = TestMetrics()
        let inside = TestMetrics()
        let transport = RecordingTransport { stubResponse(503, for: $0) }
        let client = Client(transport: transport)
            .reportingMetrics(to: inside, clock: TestClock())
            .retrying(.immediate(maxAttempts: 3))
            .reportingMetrics(to: outside, clock: TestClock())
        _ = try await client.send(try itemsRequest())
        let retryDimensions = [("method", "GET"), ("host", "api.example.com")]
        #expect(try outside.expectCounter(Self.names.retries, retryDimensions).totalValue == 2)
        #expect(try inside.expectCounter(Self.names.retries, retryDimensions).totalValue == 2)
        let served = [("method", "GET"), ("host", "api.example.com"), ("status_class", "5xx")]
        #expect(try outside.expectCounter(Self.names.requests, served).totalValue == 1)
        #expect(try inside.expectCounter(Self.names.requests, served).totalValue == 3)
    }

    @Test("a streamed response stays in flight until its body is over; a body that fails counts as a failure")
    func streamedBody() async throws {
        let metrics = TestMetrics()
        let transport = RecordingTransport { request in
            let body = ResponseBody(length: nil, chunks: BodyChunks(makeNext: {
                var sent = false
                return {
                    if sent { throw NetworkError(.connectionClosed) }
                    sent = true
                    return Data("a".utf8)
                }
            }))
            return ClientResponse(head: HTTPResponse(status: .ok), body: body, request: request)
        }
        let client = Client(transport: transport).reportingMetrics(to: metrics, clock: TestClock())
        let response = try await client.send(try itemsRequest())
        let inFlight = try metrics.expectMeter(Self.names.inFlight, [("method", "GET"), ("host", "api.example.com")])
        #expect(inFlight.lastValue == 1)
        _ = try? await response.body.collect(upTo: 10)
        #expect(inFlight.lastValue == 0)
        #expect(try metrics.expectCounter(Self.names.failures, [("method", "GET"), ("host", "api.example.com"), ("kind", "connectionClosed")]).totalValue == 1)
    }

    @Test("labels take a prefix")
    func prefixed() {
        let names = MetricNames(prefix: "shop_api")
        #expect([names.requests, names.failures, names.duration, names.retries, names.inFlight] == [
            "shop_api_requests_total", "shop_api_request_failures_total", "shop_api_request_duration_seconds",
            "shop_api_request_retries_total", "shop_api_requests_in_flight",
        ])
    }
}

/// Forwards to `TestMetrics` and counts the handles made per label.
private final class CountingFactory: MetricsFactory, Sendable {
    private let metrics: TestMetrics
    private let counts = Recorded<String>()

    init(_ metrics: TestMetrics) {
        self.metrics = metrics
    }

    func made(_ label: String) -> Int {
        counts.all.filter { $0 == label }.count
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        counts.append(label)
        return metrics.makeCounter(label: label, dimensions: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        counts.append(label)
        return metrics.makeFloatingPointCounter(label: label, dimensions: dimensions)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        counts.append(label)
        return metrics.makeMeter(label: label, dimensions: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        counts.append(label)
        return metrics.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        counts.append(label)
        return metrics.makeTimer(label: label, dimensions: dimensions)
    }

    func destroyCounter(_ handler: any CounterHandler) { metrics.destroyCounter(handler) }
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { metrics.destroyFloatingPointCounter(handler) }
    func destroyMeter(_ handler: any MeterHandler) { metrics.destroyMeter(handler) }
    func destroyRecorder(_ handler: any RecorderHandler) { metrics.destroyRecorder(handler) }
    func destroyTimer(_ handler: any TimerHandler) { metrics.destroyTimer(handler) }
}
