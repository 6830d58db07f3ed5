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

func stack(layers: Int) -> Client {
    (0..<layers).reduce(Client(transport: NoIOTransport())) { client, _ in client.with(Passthrough()) }
}

/// A JSON document of about 1 KB.
let itemJSON: String = {
    let tags = (0..<40).map { "\"tag-\($0)\"" }.joined(separator: ",")
    return #"{"id":42,"title":"A reasonably sized JSON document for the benchmark","body":"\#(String(repeating: "lorem ipsum ", count: 40))","tags":[\#(tags)]}"#
}()

/// One loopback server for every network benchmark in the run.
let loopback = Task { try await TestServer.start(fixtures: ["item": .json(itemJSON)]) }

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
