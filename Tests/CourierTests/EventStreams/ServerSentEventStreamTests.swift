import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// A `text/event-stream` response whose body is `chunks`, then `ending` (the end, or an error).
private func eventStream(_ chunks: [String], endingWith error: NetworkError? = nil, for request: ClientRequest) -> ClientResponse {
    let body = AsyncThrowingStream<Data, any Error> { continuation in
        for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
        continuation.finish(throwing: error)
    }
    return ClientResponse(
        head: HTTPResponse(status: .ok, headerFields: [.contentType: "text/event-stream; charset=utf-8"]),
        body: ResponseBody(length: nil, chunks: BodyChunks(body)),
        request: request
    )
}

/// Collects every event of `stream` (and the error that ended it).
private func collect(_ stream: ServerSentEventStream) async -> (events: [ServerSentEvent], error: NetworkError?) {
    var events: [ServerSentEvent] = []
    do {
        for try await event in stream { events.append(event) }
        return (events, nil)
    } catch {
        return (events, error)
    }
}

@Suite("Server-Sent Events: connecting, reconnecting and stopping")
struct ServerSentEventStreamTests {
    let clock = TestClock()

    /// A client over a transport that answers the n-th connection (from 0) with `answer`, and records
    /// when each request arrived on the test clock.
    private func client(_ answer: @escaping @Sendable (Int, ClientRequest) throws -> ClientResponse) -> (Client, RecordingTransport, Recorded<Duration>) {
        let clock = clock
        let start = clock.now
        let times = Recorded<Duration>()
        let count = Recorded<Int>()
        let transport = RecordingTransport { request in
            times.append(clock.elapsed(since: start))
            count.append(1)
            return try answer(count.all.count - 1, request)
        }
        return (Client(transport: transport), transport, times)
    }

    private func configuration(_ change: (inout ServerSentEventStream.Configuration) -> Void = { _ in }) -> ServerSentEventStream.Configuration {
        var configuration = ServerSentEventStream.Configuration(clock: clock)
        change(&configuration)
        return configuration
    }

    @Test("asks for an event stream, reconnects after 3 s with Last-Event-ID when the response ends, and stops on 204")
    func reconnectsThenStopsOn204() async throws {
        let (client, transport, times) = client { connection, request in
            connection == 0
                ? eventStream(["id: 1\ndata: one\n\n", "id: 2\ndata: two\n\ndata: half"], for: request)
                : stubResponse(204, for: request)
        }
        let stream = client.events(try itemsRequest(), configuration: configuration())
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.error == nil)
        #expect(result.events == [ServerSentEvent(id: "1", data: "one"), ServerSentEvent(id: "2", data: "two")])
        let requests = transport.requests
        // `#require`: indexing past a short array would crash the whole test process, not fail this test.
        try #require(requests.count == 2)
        #expect(requests[0].head.headerFields[.accept] == "text/event-stream")
        #expect(requests[0].head.headerFields[.cacheControl] == "no-store")
        #expect(requests[0].head.headerFields[HTTPField.Name("Last-Event-ID")!] == nil)
        #expect(requests[1].head.headerFields[HTTPField.Name("Last-Event-ID")!] == "2")
        #expect(times.all == [.zero, .seconds(3)])
    }

    @Test("waits the server's retry time before reconnecting, within maxReconnectionDelay")
    func honoursRetry() async throws {
        let (client, _, times) = client { connection, request in
            switch connection {
            case 0: eventStream(["retry: 1500\ndata: a\n\n"], for: request)
            case 1: eventStream(["retry: 999999\ndata: b\n\n"], for: request)
            default: stubResponse(204, for: request)
            }
        }
        let stream = client.events(try itemsRequest(), configuration: configuration { $0.maxReconnectionDelay = .seconds(10) })
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.events.map(\.data) == ["a", "b"])
        #expect(times.all == [.zero, .milliseconds(1500), .milliseconds(11_500)])
    }

    @Test("a connection lost mid-event (or an HTTP/2 stream reset) reconnects; the unfinished event is discarded",
          arguments: [NetworkError.Kind.connectionClosed, .streamReset(code: "CANCEL")])
    func reconnectsAfterConnectionLoss(_ loss: NetworkError.Kind) async throws {
        let (client, transport, _) = client { connection, request in
            connection == 0
                ? eventStream(["id: 7\ndata: whole\n\ndata: cut"], endingWith: NetworkError(loss), for: request)
                : connection == 1 ? eventStream(["data: after\n\n"], for: request) : stubResponse(204, for: request)
        }
        let stream = client.events(try itemsRequest(), configuration: configuration())
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.error == nil)
        #expect(result.events == [ServerSentEvent(id: "7", data: "whole"), ServerSentEvent(id: "7", data: "after")])
        #expect(transport.requests.map { $0.head.headerFields[HTTPField.Name("Last-Event-ID")!] } == [nil, "7", "7"])
    }

    @Test("a server that cannot be reached is tried again; maxReconnections in a row without an event ends it")
    func maxReconnections() async throws {
        let (client, transport, _) = client { _, request in
            throw NetworkError(.cannotConnect, request: request)
        }
        let stream = client.events(try itemsRequest(), configuration: configuration { $0.maxReconnections = 2 })
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.error?.kind == .cannotConnect)
        #expect(result.error?.message?.contains("2 reconnection(s)") == true)
        #expect(transport.requests.count == 3)
    }

    @Test("the reconnection count starts again after an event")
    func reconnectionCountResets() async throws {
        let (client, transport, _) = client { connection, request in
            connection < 4 ? eventStream(["data: \(connection)\n\n"], for: request) : eventStream([], for: request)
        }
        let stream = client.events(try itemsRequest(), configuration: configuration { $0.maxReconnections = 1 })
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.events.map(\.data) == ["0", "1", "2", "3"])
        #expect(result.error?.kind == .connectionClosed)
        // Four connections with an event each, then the one reconnection allowed with none.
        #expect(transport.requests.count == 5)
    }

    @Test("a status outside 2xx fails with unacceptableStatus and is not retried", arguments: [401, 404, 503])
    func refusedStatus(code: Int) async throws {
        let (client, transport, _) = client { _, request in stubResponse(code, body: "no", for: request) }
        let result = await collect(client.events(try itemsRequest(), configuration: configuration()))
        #expect(result.error?.kind == .unacceptableStatus(code))
        #expect(transport.requests.count == 1)
    }

    @Test("a 200 that is not text/event-stream fails with invalidResponse and is not retried")
    func wrongContentType() async throws {
        let (client, transport, _) = client { _, request in
            stubResponse(200, headers: [.contentType: "application/json"], body: "{}", for: request)
        }
        let result = await collect(client.events(try itemsRequest(), configuration: configuration()))
        #expect(result.error?.kind == .invalidResponse)
        #expect(result.error?.message?.contains("application/json") == true)
        #expect(transport.requests.count == 1)
    }

    @Test("an endless line fails with bodyTooLarge and is not retried")
    func endlessLine() async throws {
        let (client, transport, _) = client { _, request in
            eventStream(Array(repeating: String(repeating: "x", count: 1000), count: 10), for: request)
        }
        let stream = client.events(try itemsRequest(), configuration: configuration { $0.limits = .init(maxLineLength: 4096) })
        let result = await collect(stream)
        #expect(result.error?.kind == .bodyTooLarge)
        #expect(transport.requests.count == 1)
    }

    @Test("cancelling while waiting to reconnect ends the iteration with cancelled, and nothing more is sent")
    func cancelWhileWaiting() async throws {
        let (client, transport, _) = client { _, request in eventStream(["data: a\n\n"], for: request) }
        let stream = client.events(try itemsRequest(), configuration: configuration())
        let task = Task { await collect(stream) }
        await clock.waitForSleeper()
        task.cancel()
        let result = await task.value
        #expect(result.events.map(\.data) == ["a"])
        #expect(result.error?.kind == .cancelled)
        #expect(transport.requests.count == 1)
    }

    @Test("every connection goes through the client's whole stack: a layer's header is on each reconnection")
    func middlewareOnEveryConnection() async throws {
        let (base, transport, _) = client { connection, request in
            connection < 2 ? eventStream(["id: \(connection)\ndata: x\n\n"], for: request) : stubResponse(204, for: request)
        }
        let client = base.with(StampHeader(name: "X-Stamp", value: "layer"))
        _ = try await driving(clock) { await collect(client.events(try itemsRequest(), configuration: configuration())) }
        #expect(transport.requests.count == 3)
        #expect(transport.requests.allSatisfy { $0.head.headerFields[HTTPField.Name("X-Stamp")!] == "layer" })
    }

    @Test("configuration.lastEventID resumes a stream from the first connection")
    func initialLastEventID() async throws {
        let (client, transport, _) = client { _, request in stubResponse(204, for: request) }
        let result = await collect(client.events(try itemsRequest(), configuration: configuration { $0.lastEventID = "41" }))
        #expect(result.events.isEmpty)
        #expect(transport.requests.first?.head.headerFields[HTTPField.Name("Last-Event-ID")!] == "41")
    }

    @Test("an endpoint's method, body and headers make the request; the client's encoder encodes the body")
    func endpointRequest() async throws {
        struct Prompt: Encodable, Sendable { var prompt: String }
        let (client, transport, _) = client { _, request in stubResponse(204, for: request) }
        let endpoint = Endpoint<Data>(method: .post, path: "/completions", body: .json(Prompt(prompt: "hi")), accepting: .only(200))
        _ = await collect(client.targeting(Server(scheme: "https", host: "api.example.com")).events(endpoint, configuration: configuration()))
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.head.headerFields[.contentType] == "application/json")
        #expect(request.head.headerFields[.accept] == "text/event-stream")
    }

    @Test("decoded(as:) decodes each event's JSON data and stops at the terminator without reading further")
    func decoded() async throws {
        struct Tick: Decodable, Sendable, Equatable { var n: Int }
        let (client, transport, _) = client { _, request in
            eventStream(["data: {\"n\":1}\n\n", "data: {\"n\":2}\n\ndata: [DONE]\n\ndata: {\"n\":3}\n\n"], for: request)
        }
        var ticks: [Tick] = []
        for try await tick in client.events(try itemsRequest(), configuration: configuration()).decoded(as: Tick.self, stoppingAt: "[DONE]") {
            ticks.append(tick)
        }
        #expect(ticks == [Tick(n: 1), Tick(n: 2)])
        #expect(transport.requests.count == 1)
    }

    @Test("data that does not decode fails with decodingFailed, naming the event")
    func decodingFails() async throws {
        struct Tick: Decodable, Sendable { var n: Int }
        let (client, _, _) = client { _, request in
            eventStream(["event: tick\nid: 5\ndata: {\"n\":\"one\"}\n\n"], for: request)
        }
        let stream = client.events(try itemsRequest(), configuration: configuration()).decoded(as: Tick.self)
        let error = await #expect(throws: NetworkError.self) {
            for try await _ in stream {}
        }
        #expect(error?.kind == .decodingFailed(codingPath: "n"))
        #expect(error?.message?.contains("\"tick\" event (id 5)") == true)
    }

    @Test("a POST's stream ends with its response: the write is never sent again unasked")
    func unsafeRequestsAreNotRepeated() async throws {
        let (client, transport, _) = client { _, request in eventStream(["data: done\n\n"], for: request) }
        let post = try ClientRequest(.post, url: "https://api.example.com/completions")
        let result = try await driving(clock) { await collect(client.events(post, configuration: configuration())) }
        #expect(result.error == nil)
        #expect(result.events.map(\.data) == ["done"])
        #expect(transport.requests.count == 1)
    }

    @Test("a POST whose connection drops fails with the drop instead of sending the write again")
    func droppedUnsafeRequestFails() async throws {
        let (client, transport, _) = client { _, request in
            eventStream(["data: a\n\n"], endingWith: NetworkError(.connectionClosed), for: request)
        }
        let post = try ClientRequest(.post, url: "https://api.example.com/completions")
        let result = try await driving(clock) { await collect(client.events(post, configuration: configuration())) }
        #expect(result.error?.kind == .connectionClosed)
        #expect(transport.requests.count == 1)
    }

    @Test("reconnectsUnsafeRequests sends a POST again, as asked")
    func unsafeReconnectionOnRequest() async throws {
        let (client, transport, _) = client { connection, request in
            connection == 0 ? eventStream(["data: a\n\n"], for: request) : stubResponse(204, for: request)
        }
        let post = try ClientRequest(.post, url: "https://api.example.com/completions")
        let stream = client.events(post, configuration: configuration { $0.reconnectsUnsafeRequests = true })
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.error == nil)
        #expect(transport.requests.map(\.method) == [.post, .post])
    }

    @Test("an event cut short keeps its id out of Last-Event-ID: the server sends it again")
    func cutEventIDNotCommitted() async throws {
        let (client, transport, _) = client { connection, request in
            connection == 0
                ? eventStream(["id: 7\ndata: whole\n\nid: 8\ndata: cu"], endingWith: NetworkError(.connectionClosed), for: request)
                : stubResponse(204, for: request)
        }
        let result = try await driving(clock) { await collect(client.events(try itemsRequest(), configuration: configuration())) }
        #expect(result.events == [ServerSentEvent(id: "7", data: "whole")])
        #expect(transport.requests.last?.head.headerFields[HTTPField.Name("Last-Event-ID")!] == "7")
    }

    @Test("retry: 0 and then nothing: from the second reconnection in a row the wait is at least a second")
    func noBusyLoopOnRetryZero() async throws {
        let (client, _, times) = client { _, request in eventStream(["retry: 0\n\n"], for: request) }
        let stream = client.events(try itemsRequest(), configuration: configuration { $0.maxReconnections = 3 })
        let result = try await driving(clock) { await collect(stream) }
        #expect(result.error?.kind == .connectionClosed)
        #expect(times.all == [.zero, .zero, .seconds(1), .seconds(2)])
    }
}
