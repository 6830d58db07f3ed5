// The snippets of JSONLines.md, RequestCompression.md, CourierCompression.md and the README's "JSON Lines and
// json-seq streams" and "Request compression" sections; the ones that can run here run against the test server.
import BlogPlatform
import Courier
import CourierAsyncHTTPClient
import CourierCompression
import CourierTesting
import Foundation
import Testing

// MARK: JSONLines.md

struct LogEntry: Decodable, Sendable {
    var level: String
    var message: String
}

func jsonLinesEndpoint(client: Client) async throws {
    let logs = Endpoint<JSONStream<LogEntry>>(path: "/logs", query: [URLQueryItem(name: "follow", value: "1")])
    for try await entry in try await client.stream(logs) {      // throws a bad status here, before the loop
        print(entry.level, entry.message)
    }
}

func jsonLinesLimit() {
    var feed = Endpoint<JSONStream<LogEntry>>(path: "/export")
    feed.options.maxJSONRecordSize = 64 * 1024      // lines are short here: fail fast on a broken stream
    _ = feed
}

func jsonLinesWithoutEndpoint(client: Client) async throws {
    let response = try await client.send(try ClientRequest(.get, path: "/logs"))
    guard response.status == .ok else { return }
    for try await entry in response.jsonStream(of: LogEntry.self) {
        print(entry.message)
    }
}

func jsonLinesGenerated(client: Client) async throws -> [String] {
    var titles: [String] = []
    for try await article in try await client.stream(API.article.getArticleFeed()) {
        titles.append(article.title)
    }
    return titles
}

// MARK: Client.stream(_:) and JSONStream (doc comments)

struct CompletionToken: Decodable, Sendable {
    var text: String
}

func completionStream(client: Client) async throws {
    let completion = Endpoint<JSONStream<CompletionToken>>(method: .post, path: "/v1/complete", body: .json(["prompt": "Hi"]))
    for try await token in try await client.stream(completion) {
        print(token.text, terminator: "")
    }
}

func errorsOnly(client: Client) async throws {
    let entries = try await client.stream(Endpoint<JSONStream<LogEntry>>(path: "/logs"))
    for try await entry in entries where entry.level == "error" {
        print(entry.message)
    }
}

// MARK: RequestCompression.md and CourierCompression.md

struct Event: Encodable, Sendable {
    var name: String
}

func compressionExample(events: [Event]) async throws {
    let ingest = Client(transport: AsyncHTTPClientTransport())
        .compressingRequests(.gzip, minimumSize: 1024)
        .retrying()
        .targeting(Server(host: "ingest.example.com"))

    try await ingest.send(Endpoint<Void>(method: .post, path: "/events", body: .json(events)))
}

func compressionModuleExample() -> Client {
    let client = Client(transport: URLSessionTransport())
        .compressingRequests(.gzip, minimumSize: 1024)
        .targeting(Server(host: "ingest.example.com"))
    return client
}

func compressionOptOut() throws -> ClientRequest {
    var request = try ClientRequest(.post, path: "/raw")
    request.options.allowsBodyCompression = false       // this server wants the bytes as they are
    return request
}

// MARK: README, "Request compression"

func readmeCompression() -> Client {
    let ingest = Client(transport: AsyncHTTPClientTransport())
        .compressingRequests(.gzip, minimumSize: 1024)   // Content-Encoding: gzip
        .retrying()                                      // a retry sends the same compressed bytes again
        .targeting(Server(host: "ingest.example.com"))
    return ingest
}

// MARK: Running what can run here

@Suite("Stream and compression snippets")
struct StreamSnippetsTests {
    @Test("the generated getArticleFeed streams the blog's articles from the test server's JSON Lines route")
    func generatedFeed() async throws {
        try await TestServer.withRunning { server in
            let transport = AsyncHTTPClientTransport()
            let client = Client(transport: transport).targeting(server.server)
            let endpoint = API.article.getArticleFeed()
            #expect(try endpoint.makeRequest().head.headerFields[.accept] == "application/jsonl")
            let titles = try await jsonLinesGenerated(client: client)
            try await transport.shutdown()
            #expect(titles == TestArticle.fixtures.map(\.title))
        }
    }

    @Test("a compressing client's upload reaches the test server whole")
    func compressedUpload() async throws {
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport())
                .compressingRequests(.gzip, minimumSize: 1024)
                .targeting(server.server)
            let events = (0..<200).map { Event(name: "event \($0)") }
            let upload = try await client.send(Endpoint<TestServer.DecodedUpload>(method: .post, path: "/upload/decoded", body: .json(events)))
            #expect(upload.contentEncoding == "gzip")
            #expect(upload.decoded == TestServer.UploadSummary.of(try JSONEncoder.sortedForTest.encode(events)))
        }
    }
}

private extension JSONEncoder {
    /// Courier's default JSON encoder sorts keys; an `Event` has one, so a plain encoder writes the same bytes.
    static var sortedForTest: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
