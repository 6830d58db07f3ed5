import Courier
import CourierAsyncHTTPClient
import EventStream
import Foundation
import Testing

/// `SSE_URL`: sse-starlette under uvicorn (Tests/OpenAPIE2E/sse_app.py), started by scripts/openapi-e2e/start.sh.
/// Kept apart from ``E2EEnvironment`` so that each server's tests own their variable.
private enum SSEEnvironment {
    static var url: String? {
        ProcessInfo.processInfo.environment["SSE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func server() throws -> Server {
        try Server(url: try #require(url, "SSE_URL is not set: run `source scripts/openapi-e2e/start.sh` first (scripts/test.sh does)"))
    }
}

/// The two transports, each over a fresh instance shut down afterwards.
private enum SSETransport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"

    var testDescription: String { rawValue }

    func withClient<T: Sendable>(_ body: (Client) async throws -> T) async throws -> T {
        let server = try SSEEnvironment.server()
        switch self {
        case .urlSession:
            return try await body(Client(transport: URLSessionTransport()).targeting(server))
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport()
            do {
                let result = try await body(Client(transport: transport).targeting(server))
                try await transport.shutdown()
                return result
            } catch {
                try? await transport.shutdown()
                throw error
            }
        }
    }
}

private struct Number: Decodable, Sendable, Equatable {
    var n: Int
    var lastEventID: String
}

@Suite(
    "Server-Sent Events against sse-starlette, a server not written here",
    .timeLimit(.minutes(1)),
    .enabled(if: SSEEnvironment.url != nil || E2EEnvironment.isRequired, "SSE_URL is not set: source scripts/openapi-e2e/start.sh")
)
struct SSEStarletteTests {
    /// sse-starlette sends `retry: 0` on each connection's first event, so reconnections wait nothing;
    /// the delay itself is tested on a test clock.
    private static let configuration = ServerSentEventStream.Configuration(maxReconnections: 3)

    @Test("its CRLF-framed events arrive with their ids and types; the reconnection after the end is answered 204", arguments: SSETransport.allCases)
    fileprivate func numbers(_ transport: SSETransport) async throws {
        try await transport.withClient { client in
            let request = try ClientRequest(.get, path: "/numbers", query: [URLQueryItem(name: "count", value: "4")])
            var events: [ServerSentEvent] = []
            for try await event in client.events(request, configuration: Self.configuration) { events.append(event) }
            #expect(events.map(\.id) == ["1", "2", "3", "4"])
            #expect(events.allSatisfy { $0.event == "number" })
            #expect(events.first?.retry == .zero)
        }
    }

    @Test("a stream it breaks off half way resumes after the last event, with Last-Event-ID", arguments: SSETransport.allCases)
    fileprivate func resumes(_ transport: SSETransport) async throws {
        try await transport.withClient { client in
            let request = try ClientRequest(.get, path: "/numbers", query: [
                URLQueryItem(name: "count", value: "5"), URLQueryItem(name: "drop_after", value: "2"),
            ])
            var numbers: [Number] = []
            for try await number in client.events(request, configuration: Self.configuration).decoded(as: Number.self) {
                numbers.append(number)
            }
            #expect(numbers.map(\.n) == [1, 2, 3, 4, 5])
            #expect(numbers.first?.lastEventID == "")
            #expect(numbers.last?.lastEventID != "")
            for (before, after) in zip(numbers, numbers.dropFirst()) where after.lastEventID != before.lastEventID {
                #expect(after.lastEventID == String(before.n))
            }
        }
    }

    @Test("data split over several data: lines is joined with LF", arguments: SSETransport.allCases)
    fileprivate func multiline(_ transport: SSETransport) async throws {
        try await transport.withClient { client in
            var configuration = Self.configuration
            configuration.maxReconnections = 0
            var events: [ServerSentEvent] = []
            var failure: NetworkError?
            do {
                for try await event in client.events(try ClientRequest(.get, path: "/multiline"), configuration: configuration) {
                    events.append(event)
                }
            } catch {
                failure = error as? NetworkError
            }
            #expect(events == [ServerSentEvent(event: "poem", data: "first line\nsecond line\nthird line")])
            // Its one event, then the end of the response: with no reconnection allowed, that ends the stream.
            #expect(failure?.kind == .connectionClosed)
        }
    }
}

@Suite(
    "The generated EventStream client against sse-starlette",
    .timeLimit(.minutes(1)),
    .enabled(if: SSEEnvironment.url != nil || E2EEnvironment.isRequired, "SSE_URL is not set: source scripts/openapi-e2e/start.sh")
)
struct GeneratedEventStreamTests {
    @Test("numbersEvents(count:dropAfter:) decodes each event as the documented Number, resuming after a drop", arguments: SSETransport.allCases)
    fileprivate func generatedNumbers(_ transport: SSETransport) async throws {
        try await transport.withClient { client in
            var numbers: [EventStream.Number] = []
            let configuration = ServerSentEventStream.Configuration(maxReconnections: 3)
            for try await number in client.events(API.numbers.numbersEvents(count: 4, dropAfter: 2), configuration: configuration) {
                numbers.append(number)
            }
            #expect(numbers.map(\.n) == [1, 2, 3, 4])
            #expect(numbers.first?.lastEventID == "")
            #expect(numbers.last?.lastEventID != "")
        }
    }
}
