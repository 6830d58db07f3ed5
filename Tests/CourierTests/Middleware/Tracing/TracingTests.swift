import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import InMemoryTracing
import Testing
import Tracing

@Suite("Tracing")
struct TracingTests {
    @Test("one client span per request with the OpenTelemetry HTTP attributes; traceparent is injected")
    func span() async throws {
        let tracer = W3CInMemoryTracer()
        let transport = RecordingTransport { stubResponse(200, headers: [.contentLength: "0"], for: $0) }
        let client = Client(transport: transport).tracing(with: tracer)
        _ = try await client.send(try ClientRequest(url: "https://api.example.com:8443/items?token=abc"))

        let spans = tracer.recorded.finishedSpans
        try #require(spans.count == 1)
        let span = spans[0]
        #expect(span.operationName == "GET")
        #expect(span.kind == .client)
        #expect(span.attributes["http.request.method"]?.toSpanAttribute() == "GET")
        #expect(span.attributes["url.full"]?.toSpanAttribute() == "https://api.example.com:8443/items?token=<redacted>")
        #expect(span.attributes["server.address"]?.toSpanAttribute() == "api.example.com")
        #expect(span.attributes["server.port"]?.toSpanAttribute() == .int64(8443))
        #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        #expect(span.status == nil)

        let sent = try #require(transport.requests.first)
        #expect(sent.head.headerFields[HTTPField.Name("traceparent")!] == "00-\(span.traceID)-\(span.spanID)-01")
    }

    @Test("a span has an event per retry, the resend count, and an error status for a 5xx")
    func retries() async throws {
        let tracer = W3CInMemoryTracer()
        let transport = RecordingTransport { stubResponse(503, for: $0) }
        let client = Client(transport: transport).retrying(.immediate(maxAttempts: 3)).tracing(with: tracer)
        _ = try await client.send(try itemsRequest())
        let span = try #require(tracer.recorded.finishedSpans.first)
        #expect(tracer.recorded.finishedSpans.count == 1)
        #expect(span.events.map(\.name) == ["http.request.retry", "http.request.retry"])
        #expect(span.events.map { $0.attributes["http.request.resend_count"]?.toSpanAttribute() } == [.int64(1), .int64(2)])
        #expect(span.attributes["http.request.resend_count"]?.toSpanAttribute() == .int64(2))
        #expect(span.attributes["error.type"]?.toSpanAttribute() == "503")
        #expect(span.status?.code == .error)
        let parents = Set(transport.requests.compactMap { $0.head.headerFields[HTTPField.Name("traceparent")!] })
        #expect(parents == ["00-\(span.traceID)-\(span.spanID)-01"], "every attempt carries the logical request's span")
    }

    @Test("a thrown error is recorded on the span; the span is a child of the caller's")
    func failureAndParent() async throws {
        let tracer = W3CInMemoryTracer()
        let client = Client(transport: RecordingTransport { _ in throw NetworkError(.cannotConnect) }).tracing(with: tracer)
        _ = try? await client.send(try itemsRequest())
        let parent = tracer.startSpan("checkout")
        let request = try itemsRequest()
        await ServiceContext.withValue(parent.context) {
            _ = try? await client.send(request)
        }
        parent.end()
        let spans = tracer.recorded.finishedSpans.filter { $0.operationName == "GET" }
        try #require(spans.count == 2)
        let child = spans[1]
        #expect(child.errors.count == 1)
        #expect(child.attributes["error.type"]?.toSpanAttribute() == "cannotConnect")
        #expect(child.status?.code == .error)
        #expect(child.traceID == parent.traceID)
        #expect(child.parentSpanID == parent.spanID)
    }
}
