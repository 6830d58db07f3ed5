import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// The data of the test server's `/events/{key}` ticks.
private struct Tick: Decodable, Sendable, Equatable {
    var n: Int
    var lastEventID: String
    var stamp: String
}

@Suite("Server-Sent Events on every transport against the test server", .timeLimit(.minutes(1)))
struct ServerSentEventConformanceTests {
    /// No wait before reconnecting: the delays themselves are tested on a test clock
    /// (ServerSentEventStreamTests); here the wire is.
    private static let immediate = ServerSentEventStream.Configuration(reconnectionDelay: .zero, maxReconnections: 3)

    @Test("a finite stream arrives whole, in order; the reconnection after its end is answered 204 and ends it", arguments: TransportUnderTest.allCases)
    func finiteStream(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let request = try ClientRequest(.get, path: "/events/finite", query: [URLQueryItem(name: "count", value: "5")])
            var events: [ServerSentEvent] = []
            for try await event in client.events(request, configuration: Self.immediate) {
                events.append(event)
            }
            #expect(events.map(\.id) == ["1", "2", "3", "4", "5"])
            #expect(events.allSatisfy { $0.event == "tick" })
            // One connection for the events, one that learns there are no more.
            #expect(await server.hits("/events/finite") == 2)
        }
    }

    @Test("a connection dropped half way reconnects with Last-Event-ID, through the client's layers, and resumes after the last event", arguments: TransportUnderTest.allCases)
    func dropAndResume(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { base, server in
            let client = base.with(StampHeader(name: "X-Stamp", value: "layer"))
            let request = try ClientRequest(.get, path: "/events/drop", query: [
                URLQueryItem(name: "count", value: "6"), URLQueryItem(name: "dropAfter", value: "3"),
            ])
            var ticks: [Tick] = []
            for try await tick in client.events(request, configuration: Self.immediate).decoded(as: Tick.self) {
                ticks.append(tick)
            }
            #expect(ticks.map(\.n) == [1, 2, 3, 4, 5, 6])
            // The first connection sent no Last-Event-ID; the one after the drop sent the last ID it had
            // seen (event 3, or 2 when the close overtook event 3 on the wire — either way nothing is lost).
            #expect(ticks.first?.lastEventID == "")
            #expect(ticks.last?.lastEventID != "")
            for (before, after) in zip(ticks, ticks.dropFirst()) where after.lastEventID != before.lastEventID {
                #expect(after.lastEventID == String(before.n))
            }
            #expect(ticks.allSatisfy { $0.stamp == "layer" })
            #expect(await server.hits("/events/drop") == 3)
        }
    }

    @Test("the server's retry: field sets the wait before reconnecting", arguments: TransportUnderTest.allCases)
    func retryFieldArrives(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let request = try ClientRequest(.get, path: "/events/retry", query: [
                URLQueryItem(name: "count", value: "1"), URLQueryItem(name: "retry", value: "0"),
            ])
            var configuration = Self.immediate
            configuration.reconnectionDelay = .seconds(3600)    // would fail the time limit if used
            var events: [ServerSentEvent] = []
            for try await event in client.events(request, configuration: configuration) { events.append(event) }
            #expect(events.map(\.retry) == [.zero])
        }
    }

    @Test("a 204 at once ends the stream with no event", arguments: TransportUnderTest.allCases)
    func noContent(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let request = try ClientRequest(.get, path: "/events/none", query: [URLQueryItem(name: "count", value: "0")])
            var count = 0
            for try await _ in client.events(request, configuration: Self.immediate) { count += 1 }
            #expect(count == 0)
            #expect(await server.hits("/events/none") == 1)
        }
    }

    @Test("a response that is not text/event-stream fails with invalidResponse; a 404 with unacceptableStatus", arguments: TransportUnderTest.allCases)
    func refused(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let wrongType = await #expect(throws: NetworkError.self) {
                for try await _ in client.events(try ClientRequest(.get, path: "/events-wrong-type"), configuration: Self.immediate) {}
            }
            #expect(wrongType?.kind == .invalidResponse)
            let missing = await #expect(throws: NetworkError.self) {
                for try await _ in client.events(try ClientRequest(.get, path: "/status/404"), configuration: Self.immediate) {}
            }
            #expect(missing?.kind == .unacceptableStatus(404))
            #expect(await server.hits("/events-wrong-type") == 1)
            #expect(await server.hits("/status/404") == 1)
        }
    }

    @Test("events arrive as the server sends them, before the stream ends, and breaking out stops the transfer", arguments: TransportUnderTest.allCases)
    func incrementalAndStoppable(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            // 1000 events 20 ms apart: 20 s in all, far past the time limit if the body were read whole first.
            let request = try ClientRequest(.get, path: "/events/slow", query: [
                URLQueryItem(name: "count", value: "1000"), URLQueryItem(name: "interval", value: "20"),
            ])
            var seen = 0
            for try await _ in client.events(request, configuration: Self.immediate) {
                seen += 1
                if seen == 3 { break }
            }
            #expect(seen == 3)
            #expect(await server.hits("/events/slow") == 1)
        }
    }
}
