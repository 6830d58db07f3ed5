import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOFoundationCompat

/// `raw-ahc-handwritten`: raw AsyncHTTPClient doing by hand, per request, the work of the four layers `courier-four`
/// stacks (`.logging(to:)`, `.retrying(.default)`, `.reportingMetrics(to:)`, `.authorizing(with: .bearer(…))`), then
/// `JSONDecoder` into ``Item``: what an app that wants the same behaviour without a client library writes.
///
/// Each part does what the layer does, into the same sinks, so the comparison prices the layering and not different
/// work: the same two info lines with the same metadata through the same `Logger` (label `load`, the discarding
/// handler, level info); the same counter, timer and in-flight meter with the same dimensions into the same
/// ``CountingMetrics`` backend, their handles made once per key (``RequestMetricHandles``); the same
/// `Authorization` header; a retry loop of at most three attempts around the call (no retry happens against nginx,
/// so its cost is the loop's). The order is the stack's, outermost first: the header, the metrics, the retries, the
/// log lines around each attempt. AsyncHTTPClient keeps its default configuration (tracing on), as `raw-ahc-json`.
struct HandwrittenClient: Sendable {
    let client: HTTPClient
    let base: String
    let logger: Logger
    let metrics: RequestMetricHandles
    let route: RequestMetricHandles.Route
    let decoder = JSONDecoder()

    /// Attempts per request, the first included: `RetryPolicy.default`'s.
    static let maxAttempts = 3
    /// The value the bearer layer sets (`.authorizing(with: .bearer("benchmark-token"))`).
    static let authorization = "Bearer benchmark-token"

    static func make(_ options: LoadOptions) throws -> (exchange: Exchange, shutdown: @Sendable () async throws -> Void) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = options.pool
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        var logger = Logger(label: "load") { _ in DiscardingLogHandler() }
        logger.logLevel = .info
        // The `host` dimension is the request's authority (`127.0.0.1:PORT`), as Courier's `request.head.authority`;
        // a hand-written client knows its one server, so it is worked out once.
        guard let components = URLComponents(string: options.url), let host = components.host else {
            throw LoadError(message: "no host in \(options.url)")
        }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        let handwritten = HandwrittenClient(
            client: client,
            base: options.url,
            logger: logger,
            metrics: RequestMetricHandles(factory: CountingMetrics()),
            route: RequestMetricHandles.Route(method: "GET", host: authority)
        )
        return ({ index in try await handwritten.item(index).description.utf8.count }, { try await client.shutdown() })
    }

    /// `GET /item.json?q=<index>`, decoded.
    func item(_ index: Int) async throws -> Item {
        let target = base + "/item.json?q=\(index)"
        var request = HTTPClientRequest(url: target)
        // The bearer layer.
        request.headers.add(name: "Authorization", value: Self.authorization)
        // The metrics layer: in flight from here until the body has been read, then the count and the duration.
        let inFlight = metrics.inFlight(route)
        inFlight.increment()
        let start = ContinuousClock.now
        let status: Int
        let body: ByteBuffer
        do {
            (status, body) = try await sendRetrying(request, target: target)
        } catch {
            metrics.record(route, statusClass: "error", elapsed: start.duration(to: .now), failure: "\(type(of: error))")
            inFlight.decrement()
            throw error
        }
        metrics.record(route, statusClass: RequestMetricHandles.statusClass(status), elapsed: start.duration(to: .now))
        inFlight.decrement()
        // What `Endpoint<Item>` does after the stack: the status, then the decoding.
        try LoadClient.expectOK(status)
        return try decoder.decode(Item.self, from: body)
    }

    /// The retry layer: another attempt after a thrown error or a 5xx, at most ``maxAttempts`` in all, after a
    /// backoff as the default policy's (exponential from 200 ms, with full jitter). GET has no body to rewind.
    private func sendRetrying(_ request: HTTPClientRequest, target: String) async throws -> (status: Int, body: ByteBuffer) {
        var attempt = 1
        while true {
            do {
                let (status, body) = try await sendLogged(request, target: target, attempt: attempt)
                guard status >= 500, attempt < Self.maxAttempts else { return (status, body) }
            } catch where attempt < Self.maxAttempts && !(error is CancellationError) {
                // Retried below.
            }
            metrics.recordRetry(route)
            let ceiling = 200 << (attempt - 1)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...ceiling)))
            attempt += 1
        }
    }

    /// The logging layer, around one attempt: the start line, then the end line once the body has been read (with
    /// its bytes), or the failure line.
    private func sendLogged(_ request: HTTPClientRequest, target: String, attempt: Int) async throws -> (status: Int, body: ByteBuffer) {
        let metadata: Logger.Metadata = ["http.method": "GET", "http.attempt": .string(String(attempt))]
        logger.info("--> GET \(target)\(attempt > 1 ? " (attempt \(attempt))" : "")", metadata: metadata)
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 20)
            let elapsed = start.duration(to: .now).loggedMilliseconds
            var ended = metadata
            ended["http.status"] = .string(String(response.status.code))
            ended["duration_ms"] = .string(elapsed)
            ended["bytes"] = .string(String(body.readableBytes))
            let status = StatusLine.text(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
            logger.log(
                level: response.status.code >= 400 ? .warning : .info,
                "<-- \(status) GET \(target) \(elapsed) ms, \(body.readableBytes) bytes",
                metadata: ended
            )
            return (Int(response.status.code), body)
        } catch {
            var failed = metadata
            let elapsed = start.duration(to: .now).loggedMilliseconds
            failed["duration_ms"] = .string(elapsed)
            failed["error.kind"] = .string("\(type(of: error))")
            logger.error("<-- failed GET \(target) after \(elapsed) ms: \(error)", metadata: failed)
            throw error
        }
    }
}
