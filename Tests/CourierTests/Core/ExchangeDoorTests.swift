@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// Every entry of `Client` goes through one door: progress wrapped once, the transport's executor kept.
@Suite("The client's one door")
struct ExchangeDoorTests {
    /// A transport that answers with a body of three 10-byte chunks.
    private static func chunked() -> RecordingTransport {
        RecordingTransport { request in
            let chunks = BodyChunks {
                var left = 3
                return {
                    guard left > 0 else { return nil }
                    left -= 1
                    return Data(count: 10)
                }
            }
            return ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(length: 30, chunks: chunks), request: request)
        }
    }

    @Test("a request through `when`'s branch reports each downloaded chunk once", arguments: [true, false])
    func whenReportsProgressOnce(matching: Bool) async throws {
        let client = Client(transport: Self.chunked())
            .when(.pathPrefix(matching ? "/items" : "/other")) { $0.with(StampHeader(name: "X-Stamp", value: "1")) }
        var request = try ClientRequest(.get, url: "https://api.example.com/items")
        let seen = Recorded<Int64>()
        request.options.onProgress = { seen.append($0.completedBytes) }
        let response = try await client.send(request)
        _ = try await response.body.collect(upTo: 1 << 20)
        #expect(seen.all == [0, 10, 20, 30])
    }

    @Test("an endpoint sent through `when` reports progress once too")
    func endpointThroughWhen() async throws {
        let client = Client(transport: Self.chunked())
            .when(.method(.get)) { $0.with(StampHeader(name: "X-Stamp", value: "1")) }
            .targeting(Server(scheme: "https", host: "api.example.com"))
        let seen = Recorded<Int64>()
        var endpoint = Endpoint<Data>(path: "/items")
        endpoint.options.onProgress = { seen.append($0.completedBytes) }
        let data = try await client.send(endpoint)
        #expect(data.count == 30)
        #expect(seen.all == [0, 10, 20, 30])
    }

    @Test("a layer added after `when` runs on the executor the transport offers")
    func layerAfterWhenKeepsTheExecutor() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        let transport = ExecutorOfferingTransport()
        let seen = Recorded<Bool>()
        let client = Client(transport: transport)
            .when(.method(.get)) { $0.with(StampHeader(name: "X-Stamp", value: "1")) }
            .with(ExecutorProbe(seen: seen))
        _ = try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        _ = try await client.send(try ClientRequest(.post, url: "https://api.example.com/items"))
        #expect(seen.all == [true, true])
        #expect(transport.offers.all.count == 2, "the executor is chosen once per call, not once in each client the fork holds")
    }
}

/// A transport that offers its own executor for the layers, as AsyncHTTPClientTransport does with
/// `runsLayersOnEventLoops`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class ExecutorOfferingTransport: Transport, LayerExecutorProviding {
    let offers = Recorded<Int>()
    let executor = InlineTaskExecutor()

    var offersLayerExecutors: Bool { true }

    func layerExecutor() -> (any TaskExecutor)? {
        offers.append(1)
        return executor
    }

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        ClientResponse(head: HTTPResponse(status: .ok), request: request)
    }
}

/// Runs each job on a thread of the global pool; only its identity matters here.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class InlineTaskExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }
}

/// Records whether the request it sees runs with a preferred executor chosen by the client.
private struct ExecutorProbe: Middleware {
    let seen: Recorded<Bool>

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            seen.append(PreferredExecutor.current != nil)
        }
        return try await next(request)
    }
}
