import AsyncHTTPClient
import Benchmark
import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import InMemoryTracing
import Logging
import MetricsTestKit

/// A transport that answers at once, so the benchmark measures the stack and nothing else.
struct NoIOTransport: Transport {
    func send(_ request: ClientRequest) async throws -> ClientResponse {
        ClientResponse(head: HTTPResponse(status: .ok), request: request)
    }
}

/// A layer that does nothing but call the next one: the cost of a hop.
struct Passthrough: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await next(request)
    }
}

/// Sets one header field: a realistic small layer.
struct HeaderStamp: Middleware {
    let name: String
    let value: String

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        try request.setHeader(name, value)
        return try await next(request)
    }
}

/// A counter shared by the benchmark's tasks.
///
/// `@unchecked Sendable`: `value` is only touched under `lock`.
final class RequestNumbers: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

func stack(layers: Int) -> Client {
    (0..<layers).reduce(Client(transport: NoIOTransport())) { client, _ in client.with(Passthrough()) }
}

/// A JSON document of about 1 KB.
let itemJSON: String = {
    let tags = (0..<40).map { "\"tag-\($0)\"" }.joined(separator: ",")
    return #"{"id":42,"title":"A reasonably sized JSON document for the benchmark","body":"\#(String(repeating: "lorem ipsum ", count: 40))","tags":[\#(tags)]}"#
}()

/// One loopback server for every network benchmark in the run.
let loopback = Task {
    try await TestServer.start(fixtures: [
        "item": .json(itemJSON),
        "cached-item": TestServer.Fixture(body: Data(itemJSON.utf8), headers: ["Content-Type": "application/json", "Cache-Control": "max-age=86400"]),
    ])
}

/// Requests per measured iteration of the concurrency benchmarks.
let requestsPerIteration = 512

/// Runs `total` operations spread over `concurrency` tasks.
func run(concurrency: Int, total: Int, _ operation: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = total / concurrency + (worker < total % concurrency ? 1 : 0)
            group.addTask {
                for _ in 0..<share { try await operation() }
            }
        }
        try await group.waitForAll()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    let request = try! ClientRequest(url: "http://127.0.0.1:1/items?id=1")
    for layers in [0, 1, 10] {
        let client = stack(layers: layers)
        Benchmark("Stack \(layers) layers, no I/O", configuration: .init(scalingFactor: .kilo)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await client.send(request))
            }
        }
    }

    // Issue #4: the CPU cost of each resilience layer alone, with no I/O.
    let layers: [(String, (Client) -> Client)] = [
        ("retrying", { $0.retrying(.default) }),
        ("timingOut", { $0.timingOut(after: .seconds(30)) }),
        ("throttled", { $0.throttled(maxConcurrent: 64) }),
        ("removingDuplicates", { $0.removingDuplicates() }),
        ("all four", { $0.removingDuplicates().throttled(maxConcurrent: 64).retrying(.default).timingOut(after: .seconds(30)) }),
    ]
    // Issue #6: the CPU cost of each observability layer alone, with no I/O, into in-memory backends.
    let noIOMetrics = TestMetrics()
    let noIOTracer = InMemoryTracer()
    let observabilityLayers: [(String, (Client) -> Client)] = [
        ("numbered", { $0.numbered() }),
        ("logging at info", { $0.logging(to: Logger(label: "courier.benchmark") { _ in DiscardingLogHandler() }) }),
        ("reportingMetrics", { $0.reportingMetrics(to: noIOMetrics) }),
        ("tracing", { $0.tracing(with: noIOTracer) }),
        ("instrumented", { $0.instrumented { blackHole($0) } }),
        ("logging+metrics+tracing+numbered", { observed($0, metrics: noIOMetrics, tracer: noIOTracer) }),
    ]
    for (name, wrap) in observabilityLayers {
        let client = wrap(stack(layers: 0))
        Benchmark("Stack with \(name), no I/O", configuration: .init(scalingFactor: .kilo)) { benchmark in
            noIOTracer.clearAll()
            noIOMetrics.reset()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try await client.send(request))
            }
        }
    }
    for (name, wrap) in layers {
        let client = wrap(stack(layers: 0))
        Benchmark("Stack with \(name), no I/O", configuration: .init(scalingFactor: .kilo)) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await client.send(request))
            }
        }
    }

    let network = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident],
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(4),
        maxIterations: 40
    )

    let rawHTTPClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))
    let ahcTransport = AsyncHTTPClientTransport()
    let session = URLSession(configuration: .ephemeral)
    let urlSessionTransport = URLSessionTransport()

    func courier(_ transport: some Transport, server: TestServer) -> Client {
        Client(transport: transport)
            .with(HeaderStamp(name: "X-Request-Source", value: "benchmark"))
            .with(HeaderStamp(name: "User-Agent", value: "courier-benchmark"))
            .targeting(server.server)
    }

    // Issue #4: retry, an overall timeout, a throttle and de-duplication stacked on the realistic stack.
    // Each request carries its own query value so that de-duplication does its work (a key, a table
    // entry, a buffered body) without ever sharing a transfer, and the server sees the same load.
    func resilient(_ server: TestServer) -> Client {
        courier(ahcTransport, server: server)
            .removingDuplicates()
            .throttled(maxConcurrent: 64)
            .retrying(.default)
            .timingOut(after: .seconds(30))
    }
    let requestNumbers = RequestNumbers()

    // Issue #7: a cache hit through the realistic stack (the cache inside the header layers and
    // `.targeting`), against the raw transport's round trip in the same run.
    for concurrency in [1, 64] {
        Benchmark("GET 1 KB c=\(concurrency): Courier cache hit (MemoryCacheStore) over AsyncHTTPClientTransport (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let server = try await loopback.value
            let client = Client(transport: ahcTransport)
                .caching(in: MemoryCacheStore())
                .with(HeaderStamp(name: "X-Request-Source", value: "benchmark"))
                .with(HeaderStamp(name: "User-Agent", value: "courier-benchmark"))
                .targeting(server.server)
            let endpoint = Endpoint<Data>(path: "/fixtures/cached-item")
            blackHole(try await client.send(endpoint))
            let (_, check) = try await client.response(endpoint)
            precondition(check.cacheStatus == .cache, "the benchmark must measure cache hits")
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                blackHole(try await client.send(endpoint))
            }
        }
    }

    // Issue #6: logging at info, metrics and tracing on the realistic stack, against the raw transport
    // (the "raw HTTPClient.execute" and "Courier over AsyncHTTPClientTransport" rows below, same run).
    let observedMetrics = TestMetrics()
    let observedTracer = InMemoryTracer()
    for concurrency in [1, 64] {
        Benchmark("GET 1 KB c=\(concurrency): Courier observed (logging+metrics+tracing) over AsyncHTTPClientTransport (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let client = observed(courier(ahcTransport, server: try await loopback.value), metrics: observedMetrics, tracer: observedTracer)
            let endpoint = Endpoint<Data>(path: "/fixtures/item")
            observedTracer.clearAll()
            observedMetrics.reset()
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                blackHole(try await client.send(endpoint))
            }
        }
    }

    for concurrency in [1, 8, 64] {
        Benchmark("GET 1 KB c=\(concurrency): raw HTTPClient.execute, distinct URLs (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let server = try await loopback.value
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                let url = "\(server.baseURL)/fixtures/item?n=\(requestNumbers.next())"
                let response = try await rawHTTPClient.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
                blackHole(try await response.body.collect(upTo: 1 << 20))
            }
        }
        Benchmark("GET 1 KB c=\(concurrency): Courier retry+timeout+throttle+dedup over AsyncHTTPClientTransport (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let client = resilient(try await loopback.value)
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                let endpoint = Endpoint<Data>(path: "/fixtures/item", query: [URLQueryItem(name: "n", value: String(requestNumbers.next()))])
                blackHole(try await client.send(endpoint))
            }
        }
    }

    for concurrency in [1, 8, 64] {
        Benchmark("GET 1 KB c=\(concurrency): raw HTTPClient.execute (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let server = try await loopback.value
            let url = "\(server.baseURL)/fixtures/item"
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                let response = try await rawHTTPClient.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
                blackHole(try await response.body.collect(upTo: 1 << 20))
            }
        }
        Benchmark("GET 1 KB c=\(concurrency): Courier over AsyncHTTPClientTransport (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let client = courier(ahcTransport, server: try await loopback.value)
            let endpoint = Endpoint<Data>(path: "/fixtures/item")
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                blackHole(try await client.send(endpoint))
            }
        }
        Benchmark("GET 1 KB c=\(concurrency): raw URLSession.data(for:) (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let server = try await loopback.value
            let url = URL(string: "\(server.baseURL)/fixtures/item")!
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                blackHole(try await session.data(for: URLRequest(url: url)))
            }
        }
        Benchmark("GET 1 KB c=\(concurrency): Courier over URLSessionTransport (\(requestsPerIteration) req)", configuration: network) { benchmark in
            let client = courier(urlSessionTransport, server: try await loopback.value)
            let endpoint = Endpoint<Data>(path: "/fixtures/item")
            benchmark.startMeasurement()
            try await run(concurrency: concurrency, total: requestsPerIteration) {
                blackHole(try await client.send(endpoint))
            }
        }
    }

    let download = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident],
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 10
    )
    let size = 100 * 1024 * 1024
    Benchmark("Download 100 MiB streamed: raw HTTPClient.execute", configuration: download) { benchmark in
        let server = try await loopback.value
        benchmark.startMeasurement()
        let response = try await rawHTTPClient.execute(HTTPClientRequest(url: "\(server.baseURL)/bytes/\(size)"), timeout: .seconds(60))
        var count = 0
        for try await buffer in response.body { count += buffer.readableBytes }
        precondition(count == size)
    }
    Benchmark("Download 100 MiB streamed: Courier over AsyncHTTPClientTransport", configuration: download) { benchmark in
        let client = courier(ahcTransport, server: try await loopback.value)
        benchmark.startMeasurement()
        let response = try await client.send(ClientRequest(.get, path: "/bytes/\(size)"))
        var count = 0
        for try await chunk in response.body { count += chunk.count }
        precondition(count == size)
    }
}
