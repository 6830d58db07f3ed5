import AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// Who traces a request sent over AsyncHTTPClient: Courier's `tracing()` layer, once.
@Suite("AsyncHTTPClient's own tracing")
struct AsyncHTTPClientTracingTests {
    @Test("the HTTPClient the transport owns has no tracer, whatever the configuration")
    func ownedClientNeverTraces() {
        var configuration = AsyncHTTPClientTransport.Configuration(maxConnectionsPerHost: 4)
        configuration.decompression = .enabled(maxRatio: 10)
        #expect(AsyncHTTPClientTransport.Configuration().httpClientConfiguration.tracing.tracer == nil)
        #expect(configuration.httpClientConfiguration.tracing.tracer == nil)
    }

    // Why: an HTTPClient that traces with the same tracer as the `tracing()` layer sends a second
    // `traceparent` of its own span, so the server sees two. A client made by the caller keeps its tracing.
    @Test("a caller's HTTPClient that traces too adds a second traceparent to the layer's")
    func callersTracingClientTracesTwice() async throws {
        try await TestServer.withRunning { server in
            let tracer = W3CInMemoryTracer()
            var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
            configuration.tracing.tracer = tracer
            let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            let client = Client(transport: AsyncHTTPClientTransport(client: httpClient)).tracing(with: tracer).targeting(server.server)
            let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/echo"))
            try await httpClient.shutdown()
            let values = echo.headers["traceparent"]?.split(separator: ",") ?? []
            #expect(values.count == 2)
            #expect(tracer.recorded.finishedSpans.count == 2)
        }
    }
}
