// The snippets of ServerSentEvents.md (Sources/Courier/Courier.docc) and of the README's "Server-Sent Events"
// section, kept in step with them so that they always compile; the last test runs them against the test server.
import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation
import Testing

// MARK: ServerSentEvents.md

func serverSentEventsOverview(tokens: SessionTokens) async throws {
    let client = Client(transport: AsyncHTTPClientTransport())
        .authorizing(with: .bearer(tokens))
        .targeting(Server(host: "stream.example.com"))

    for try await event in client.events(try ClientRequest(.get, path: "/notifications")) {
        print(event.id ?? "-", event.event, event.data)
    }
}

func serverSentEventsDecoded(client: Client) async throws {
    struct Prompt: Encodable, Sendable { var prompt: String; var stream = true }
    struct Delta: Decodable, Sendable { var text: String }

    let completion = Endpoint<Void>(method: .post, path: "/v1/completions", body: .json(Prompt(prompt: "Hello")))
    for try await delta in client.events(completion).decoded(as: Delta.self, stoppingAt: "[DONE]") {
        print(delta.text, terminator: "")
    }
}

func serverSentEventsParser() throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    let events = try parser.parse(Data("event: greeting\ndata: hello\n\n".utf8))
    // [ServerSentEvent(id: nil, event: "greeting", data: "hello", retry: nil)]
    return events
}

func serverSentEventsConfiguration(client: Client, savedID: String?) throws -> ServerSentEventStream {
    var configuration = ServerSentEventStream.Configuration(
        reconnectionDelay: .seconds(1),
        maxReconnections: 5,
        lastEventID: savedID                       // resume a stream read in an earlier run
    )
    configuration.limits = ServerSentEventParser.Limits(maxLineLength: 64 * 1024)
    let ticks = client.events(try ClientRequest(.get, path: "/ticks"), configuration: configuration)
    return ticks
}

// MARK: README.md, "Server-Sent Events"

struct Tick: Decodable, Sendable { var n: Int }

func readmeServerSentEvents(api: Client) async throws {
    for try await event in api.events(try ClientRequest(.get, path: "/events/ticks")) {
        print(event.id ?? "-", event.event, event.data)       // 1 tick {"n":1,…}
    }
    for try await tick in api.events(try ClientRequest(.get, path: "/events/ticks")).decoded(as: Tick.self) {
        print(tick.n)
    }
}

@Suite("The Server-Sent Events snippets run", .timeLimit(.minutes(1)))
struct ServerSentEventSnippetTests {
    @Test("the parser snippet gives the event its comment shows")
    func parserSnippet() throws {
        #expect(try serverSentEventsParser() == [ServerSentEvent(event: "greeting", data: "hello")])
    }

    @Test("the README's decoded loop reads the test server's ticks, and stops when the server answers 204")
    func readmeLoop() async throws {
        try await TestServer.withRunning { server in
            let api = Client(transport: URLSessionTransport()).targeting(server.server)
            var configuration = ServerSentEventStream.Configuration(reconnectionDelay: .zero)
            configuration.maxReconnections = 1
            var ticks: [Int] = []
            for try await tick in api.events(try ClientRequest(.get, path: "/events/ticks"), configuration: configuration).decoded(as: Tick.self) {
                ticks.append(tick.n)
            }
            #expect(ticks == Array(1...10))
            _ = try serverSentEventsConfiguration(client: api, savedID: nil)
        }
    }
}
