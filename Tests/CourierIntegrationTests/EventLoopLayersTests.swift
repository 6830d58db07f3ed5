import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import CourierTesting
import Foundation
import NIOPosix
import Synchronization
import Testing

/// `AsyncHTTPClientTransport.Configuration.runsLayersOnEventLoops`: where a request's layers run.
@Suite("Layers on the event loop")
struct EventLoopLayersTests {
    /// Records, for every request it sees, whether it ran on one of SwiftNIO's event loop threads.
    final class WhereLayersRun: Middleware {
        let onEventLoop = Mutex<[Bool]>([])

        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            onEventLoop.withLock { $0.append(MultiThreadedEventLoopGroup.currentEventLoop != nil) }
            let response = try await next(request)
            onEventLoop.withLock { $0.append(MultiThreadedEventLoopGroup.currentEventLoop != nil) }
            return response
        }
    }

    // Promise: with the option on, the layers run on an event loop before and after the exchange; off
    // (the default), they never do. Either way the answers are the same.
    @Test("layers run on an event loop only when asked", arguments: [false, true])
    func layersRunWhereConfigured(_ onLoops: Bool) async throws {
        try await TestServer.withRunning { server in
            var configuration = AsyncHTTPClientTransport.Configuration()
            configuration.runsLayersOnEventLoops = onLoops
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            let recorder = WhereLayersRun()
            let client = Client(transport: transport).with(recorder).removingDuplicates().retrying(.default).targeting(server.server)
            #expect((transport.layerExecutor() != nil) == onLoops)
            for index in 0..<5 {
                let text = try await client.send(Endpoint<String>(path: "/echo/\(index)"))
                #expect(text.contains("\(index)"))
            }
            #expect(recorder.onEventLoop.withLock { $0 } == Array(repeating: onLoops, count: 10))
            // Decoding leaves the loop: a large body must not stall the loop's other connections.
            let decodedOnLoop = try await client.send(Endpoint<Bool>(path: "/echo/decode") { _ in
                MultiThreadedEventLoopGroup.currentEventLoop != nil
            })
            #expect(!decodedOnLoop)
            try await transport.shutdown()
        }
    }

    /// Counts the requests that reach the layer inside it.
    final class Arrivals: Middleware {
        let count = Atomic<Int>(0)

        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            count.add(1, ordering: .relaxed)
            return try await next(request)
        }
    }

    // Promise: concurrent identical requests still share one transfer when duplicate removal's task
    // runs on the event loop; a cancelled caller does not cancel the others.
    @Test("duplicate removal shares one transfer on the event loop")
    func sharedTransferOnTheLoop() async throws {
        try await TestServer.withRunning { server in
            var configuration = AsyncHTTPClientTransport.Configuration()
            configuration.runsLayersOnEventLoops = true
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            let arrivals = Arrivals()
            let client = Client(transport: transport).removingDuplicates().with(arrivals).targeting(server.server)
            let values = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 { group.addTask { try await client.send(Endpoint<String>(path: "/hold/shared")) } }
                let cancelled = Task { try await client.send(Endpoint<String>(path: "/hold/shared")) }
                // Every caller has reached duplicate removal, which joins it to the flight without suspending.
                try await eventually {
                    let hits = await server.hits("/hold/shared")
                    return arrivals.count.load(ordering: .relaxed) == 21 && hits == 1
                }
                cancelled.cancel()
                await server.release("shared")
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(values.count == 20)
            #expect(Set(values).count == 1)
            #expect(await server.hits("/hold/shared") == 1)
            try await transport.shutdown()
        }
    }
}
