import Benchmark
import Courier
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

func stack(layers: Int) -> Client {
    (0..<layers).reduce(Client(transport: NoIOTransport())) { client, _ in client.with(Passthrough()) }
}

/// One loopback server for every network benchmark in the run.
let loopback = Task { try await TestServer.start() }

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

    let loopbackConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput],
        warmupIterations: 20,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 2_000
    )

    let session = URLSession(configuration: .ephemeral)
    Benchmark("Loopback GET /bytes/64, raw URLSession", configuration: loopbackConfiguration) { benchmark in
        let server = try await loopback.value
        let url = URL(string: "\(server.baseURL)/bytes/64")!
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await session.data(for: URLRequest(url: url)))
        }
    }

    let transport = URLSessionTransport()
    Benchmark("Loopback GET /bytes/64, Courier over URLSessionTransport", configuration: loopbackConfiguration) { benchmark in
        let server = try await loopback.value
        let client = Client(transport: transport).targeting(server.server)
        let endpoint = Endpoint<Data>(path: "/bytes/64")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await client.send(endpoint))
        }
    }
}
