import Foundation
import Courier
import HTTPTypes
import Testing

/// Appends its name to the `X-Trace` header on the way in and to a shared log on the way out.
private struct Tag: Middleware {
    let name: String
    let log: Log

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        try request.addHeader("X-Trace", name)
        await log.append("in \(name)")
        let response = try await next(request)
        await log.append("out \(name)")
        return response
    }
}

private actor Log {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

private struct Boom: Error {}

@Suite("The Client stack")
struct ClientStackTests {
    @Test("the last layer added is the outermost: it sees the request first and the response last")
    func order() async throws {
        let transport = RecordingTransport()
        let log = Log()
        let client = Client(transport: transport)
            .with(Tag(name: "inner", log: log))
            .with(Tag(name: "middle", log: log))
            .with(Tag(name: "outer", log: log))
        _ = try await client.send(ClientRequest(url: "http://example.com/"))
        #expect(await log.entries == ["in outer", "in middle", "in inner", "out inner", "out middle", "out outer"])
        #expect(transport.requests.first?.head.headerFields[values: HTTPField.Name("X-Trace")!] == ["outer", "middle", "inner"])
    }

    @Test("wrapping a client never changes the client it wraps")
    func wrappingIsAValue() async throws {
        let transport = RecordingTransport()
        let log = Log()
        let base = Client(transport: transport).with(Tag(name: "base", log: log))
        let specialised = base.with(Tag(name: "special", log: log))
        _ = try await base.send(ClientRequest(url: "http://example.com/"))
        _ = try await specialised.send(ClientRequest(url: "http://example.com/"))
        let traces = transport.requests.map { $0.head.headerFields[values: HTTPField.Name("X-Trace")!] }
        #expect(traces == [["base"], ["special", "base"]])
    }

    @Test("an error of another type thrown inside the stack arrives as transportFailed with its cause and request")
    func foreignErrorsAreWrapped() async throws {
        let client = Client(transport: RecordingTransport { _ in throw Boom() })
        let request = try ClientRequest(url: "http://example.com/x")
        let error = await #expect(throws: NetworkError.self) { try await client.send(request) }
        #expect(error?.kind == .transportFailed)
        #expect(error?.underlying is Boom)
        #expect(error?.request?.head.path == "/x")
    }

    @Test("a CancellationError thrown inside the stack arrives as cancelled")
    func cancellationIsMapped() async throws {
        let client = Client(transport: RecordingTransport { _ in throw CancellationError() })
        let error = await #expect(throws: NetworkError.self) { try await client.send(ClientRequest(url: "http://example.com/")) }
        #expect(error?.kind == .cancelled)
    }

    @Test("context already on an error is kept, not overwritten")
    func contextIsNotOverwritten() async throws {
        let original = try ClientRequest(url: "http://example.com/original")
        let client = Client(transport: RecordingTransport { _ in
            throw NetworkError(.timedOut, request: original, attempt: 3)
        })
        let error = await #expect(throws: NetworkError.self) { try await client.send(ClientRequest(url: "http://example.com/outer")) }
        #expect(error?.request?.head.path == "/original")
        #expect(error?.attempt == 3)
    }

    @Test("a bad header added by a middleware inside the chain never reaches the transport")
    func badHeaderInsideTheChain() async throws {
        struct Injecting: Middleware {
            func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
                var request = request
                try request.setHeader("X-Note", "a\r\nX-Injected: 1")
                return try await next(request)
            }
        }
        let transport = RecordingTransport()
        let error = await #expect(throws: NetworkError.self) {
            try await Client(transport: transport).with(Injecting()).send(ClientRequest(url: "http://example.com/"))
        }
        #expect(error?.kind == .invalidHeader(name: "x-note"))
        #expect(transport.requests.isEmpty)
    }

    @Test("a body already in memory is returned as it is within the limit, and fails with bodyTooLarge past it")
    func bodyInMemoryAndItsLimit() async throws {
        let bytes = Data((0..<10).map { UInt8($0) })
        let client = Client(transport: RecordingTransport { request in
            ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(bytes), request: request)
        })
        var within = RequestOptions()
        within.maxResponseBodySize = 10
        let (data, response) = try await client.response(Endpoint<Data>(path: "/bytes", options: within))
        #expect(data == bytes)
        #expect(response.body.bufferedData == bytes)
        var past = RequestOptions()
        past.maxResponseBodySize = 9
        let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<Data>(path: "/bytes", options: past)) }
        #expect(error?.kind == .bodyTooLarge)
    }
}
