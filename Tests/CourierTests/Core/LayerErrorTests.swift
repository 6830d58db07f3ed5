import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// An error a layer throws of its own names the layer; errors from below keep their kind.
@Suite("Errors name the layer that threw them")
struct LayerErrorTests {
    private struct Refusal: Error, CustomStringConvertible {
        var description: String { "no requests on Sundays" }
    }

    private struct RefusingLayer: Middleware {
        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            throw Refusal()
        }
    }

    private struct RefusingEditor: ImmediateMiddleware {
        func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome {
            throw Refusal()
        }
    }

    /// A layer that turns every error from below into its own.
    private struct Translating: Middleware {
        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            do {
                return try await next(request)
            } catch {
                throw Refusal()
            }
        }
    }

    /// A transport that throws an error of its own type (against the Transport contract).
    private struct BrokenTransport: Transport {
        func send(_ request: ClientRequest) async throws -> ClientResponse {
            throw Refusal()
        }
    }

    @Test("a middleware's own error is middlewareFailed with its type's name, the cause kept")
    func middlewareError() async throws {
        let client = Client(transport: RecordingTransport()).with(RefusingLayer()).with(StampHeader(name: "X-Outer", value: "1"))
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        }
        #expect(error?.kind == .middlewareFailed(layer: "RefusingLayer"))
        #expect(error?.underlying is Refusal)
        #expect(error?.request?.head.headerFields[HTTPField.Name("X-Outer")!] == "1")
        let description = try #require(error?.description)
        #expect(description.hasPrefix("the layer RefusingLayer threw no requests on Sundays"))
        #expect(description.contains("\n  kind:     middlewareFailed(RefusingLayer)\n"))
    }

    @Test("a synchronous layer's error names it too, at the front of the chain and inside an asynchronous layer")
    func immediateError() async throws {
        for client in [
            Client(transport: RecordingTransport()).with(RefusingEditor()),
            Client(transport: RecordingTransport()).with(RefusingEditor()).with(RetryingStub()),
        ] {
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
            }
            #expect(error?.kind == .middlewareFailed(layer: "RefusingEditor"))
        }
    }

    @Test("an error from below keeps its kind through the layers; a layer that replaces it is named")
    func errorsFromBelow() async throws {
        let transport = RecordingTransport { request in throw NetworkError(.connectionClosed, request: request) }
        let passing = Client(transport: transport).with(StampHeader(name: "X-A", value: "1")).with(RetryingStub())
        let passed = await #expect(throws: NetworkError.self) {
            try await passing.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        }
        #expect(passed?.kind == .connectionClosed)

        let translating = Client(transport: transport).with(Translating())
        let translated = await #expect(throws: NetworkError.self) {
            try await translating.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        }
        #expect(translated?.kind == .middlewareFailed(layer: "Translating"))
    }

    @Test("a transport's error of another type is transportFailed, never put down to a layer above")
    func transportError() async throws {
        let client = Client(transport: BrokenTransport()).with(StampHeader(name: "X-A", value: "1")).with(Passing())
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        }
        #expect(error?.kind == .transportFailed)
    }

    @Test("an endpoint's call reports the layer, and the error's kind table has a row for it")
    func endpointAndTable() async throws {
        let client = Client(transport: RecordingTransport()).with(RefusingLayer()).targeting(Server(scheme: "https", host: "api.example.com"))
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(Endpoint<Data>(path: "/items"))
        }
        #expect(error?.kind == .middlewareFailed(layer: "RefusingLayer"))
        #expect(error?.kind.name == "middlewareFailed")
        #expect(error?.kind.description == "middlewareFailed(RefusingLayer)")
    }
}

/// Passes everything on untouched.
private struct Passing: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await next(request)
    }
}

/// An asynchronous layer that passes the request on (so the layers inside it run in the async chain).
private struct RetryingStub: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await next(request)
    }
}
