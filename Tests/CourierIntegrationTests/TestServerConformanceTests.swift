import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// Runs `body` with a running test server and a client over a fresh transport of `kind` targeting it.
func withClient(
    _ kind: TransportUnderTest,
    fixtures: [String: TestServer.Fixture] = [:],
    _ body: (Client, TestServer) async throws -> Void
) async throws {
    try await TestServer.withRunning(fixtures: fixtures) { server in
        try await kind.with { transport in
            try await body(Client(transport: transport).targeting(server.server), server)
        }
    }
}

@Suite("Every transport against the real local server", .timeLimit(.minutes(1)))
struct TestServerConformanceTests {
    @Test("GET decodes JSON", arguments: TransportUnderTest.allCases)
    func getDecodes(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let articles = try await client.send(Endpoint<[TestArticle]>(path: "/articles", query: [URLQueryItem(name: "tag", value: "swift")]))
            #expect(articles == TestArticle.fixtures.filter { $0.tags.contains("swift") })
            #expect(await server.hits("/articles") == 1)
        }
    }

    @Test("a POST of JSON round-trips through echo", arguments: TransportUnderTest.allCases)
    func postJSON(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let sent = TestArticle(id: 9, title: "Caf\u{e9} \"quoted\"\nnewline", tags: ["a", "b"])
            let echo = try await client.send(Endpoint<TestServer.Echo>(method: .post, path: "/echo", body: .json(sent)))
            #expect(echo.method == "POST")
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.headers["content-length"] == String(echo.body.utf8.count))
            let received = try JSONDecoder().decode(TestArticle.self, from: Data(echo.body.utf8))
            #expect(received == sent)
        }
    }

    @Test("awkward query values arrive exactly as given", arguments: TransportUnderTest.allCases)
    func queryEncoding(_ kind: TransportUnderTest) async throws {
        let values = ["a b", "1+1=2", "x&y=z", "#hash", "a/b?c", "caf\u{e9} \u{1F680}", "100%", ""]
        try await withClient(kind) { client, _ in
            let query = values.enumerated().map { URLQueryItem(name: "v\($0.offset)", value: $0.element) }
                + [URLQueryItem(name: "key with spaces&=", value: "ok")]
            let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/echo", query: query))
            #expect(echo.queryItems.map(\.name) == query.map(\.name))
            #expect(echo.queryItems.map(\.value) == query.map(\.value))
            #expect(!echo.query.contains("+"))
            #expect(!echo.query.contains(" "))
        }
    }

    @Test("an encoded slash in a path segment is not decoded on the way", arguments: TransportUnderTest.allCases)
    func encodedSlash(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/echo/\("swift/nio")/x"))
            #expect(echo.path == "/echo/swift%2Fnio/x")
        }
    }

    @Test("headers reach the server, including repeated fields", arguments: TransportUnderTest.allCases)
    func headers(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var request = try ClientRequest(.get, path: "/echo")
            try request.setHeader("X-Custom", "value with spaces")
            try request.addHeader("X-Multi", "one")
            try request.addHeader("X-Multi", "two")
            let response = try await client.send(request)
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: try await response.body.collect(upTo: 1 << 20))
            #expect(echo.headers["x-custom"] == "value with spaces")
            #expect(echo.headers["x-multi"] == "one, two")
        }
    }

    @Test("204 has no body: Void succeeds and Data is empty", arguments: TransportUnderTest.allCases)
    func noContent(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            try await client.send(Endpoint<Void>(method: .delete, path: "/status/204"))
            let (data, response) = try await client.response(Endpoint<Data>(path: "/status/204"))
            #expect(data.isEmpty)
            #expect(response.status == .noContent)
        }
    }

    @Test("a 10 MB response arrives whole", arguments: TransportUnderTest.allCases)
    func largeResponse(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let size = 10 * 1024 * 1024
            let data = try await client.send(Endpoint<Data>(path: "/bytes/\(size)"))
            #expect(data.count == size)
            let pattern = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
            #expect(data.prefix(36).elementsEqual(pattern))
            #expect(data[size - 1] == pattern[(size - 1) % 36])
        }
    }

    @Test("a 3xx is delivered as it is, not followed", arguments: TransportUnderTest.allCases)
    func redirectsAreNotFollowed(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var request = try ClientRequest(.get, path: "/redirect/1")
            try request.setHeader("Authorization", "Bearer do-not-forward")
            let response = try await client.send(request)
            #expect(response.status == .found)
            #expect(response.head.headerFields[.location] == "/echo")
            #expect(await server.hits("/echo") == 0)
        }
    }

    @Test("a body larger than its limit is bodyTooLarge", arguments: TransportUnderTest.allCases)
    func bodyLimit(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var options = RequestOptions()
            options.maxResponseBodySize = 1000
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<Data>(path: "/bytes/5000", options: options))
            }
            #expect(error?.kind == .bodyTooLarge)
        }
    }

    @Test("a body over its limit is bodyTooLarge when counted as it arrives (chunked, no Content-Length)", arguments: TransportUnderTest.allCases)
    func countedBodyLimit(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var options = RequestOptions()
            options.maxResponseBodySize = 100
            let endpoint = Endpoint<Data>(path: "/drip", query: [
                URLQueryItem(name: "chunks", value: "5000"), URLQueryItem(name: "interval", value: "1"),
            ], options: options)
            let error = await #expect(throws: NetworkError.self) { try await client.send(endpoint) }
            #expect(error?.kind == .bodyTooLarge)
            await server.waitForDisconnect(on: "/drip")
        }
    }

    @Test("HEAD of a resource larger than the body limit succeeds: its Content-Length announces no body", arguments: TransportUnderTest.allCases)
    func headOfLargeResource(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var options = RequestOptions()
            options.maxResponseBodySize = 1000
            try await client.send(Endpoint<Void>(method: .head, path: "/bytes/5000", options: options))
        }
    }

    @Test("a 401 with WWW-Authenticate is delivered as a response, not a hang", arguments: TransportUnderTest.allCases)
    func challengeIsAResponse(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var options = RequestOptions()
            options.timeout = .seconds(10)
            let response = try await client.send(ClientRequest(.get, path: "/auth/challenge", options: options))
            #expect(response.status == .unauthorized)
            #expect(response.head.headerFields[.wwwAuthenticate] == #"Basic realm="courier""#)
        }
    }

    @Test("a slowly read large body arrives intact from one request", arguments: TransportUnderTest.allCases)
    func slowReaderGetsIntactBody(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let size = 8 * 1024 * 1024
            let response = try await client.send(ClientRequest(.get, path: "/bytes/\(size)"))
            var received = 0
            var intact = true
            // Compared a chunk at a time (memcmp), not a byte at a time: in a debug build the byte loop
            // costs seconds of CPU that the rest of the suite, running at once, needs.
            let pattern = Data("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
            var expected = Data(capacity: size + pattern.count)
            while expected.count < size { expected.append(pattern) }
            var chunks = 0
            for try await chunk in response.body {
                let end = received + chunk.count
                if end > size || chunk != expected[received..<end] { intact = false }
                received = end
                chunks += 1
                if chunks % 8 == 0 { await Task.yield() }
            }
            #expect(received == size)
            #expect(intact)
            #expect(await server.hits("/bytes/\(size)") == 1)
        }
    }

    @Test("a response dropped without reading its body stops the transfer", arguments: TransportUnderTest.allCases)
    func droppedResponseStopsTheTransfer(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var response: ClientResponse? = try await client.send(ClientRequest(.get, path: "/drip", query: [
                URLQueryItem(name: "chunks", value: "3000"), URLQueryItem(name: "interval", value: "5"),
            ]))
            #expect(response?.status == .ok)
            response = nil
            await server.waitForDisconnect(on: "/drip")
        }
    }

    @Test("a Content-Length over the limit fails before the body is read", arguments: TransportUnderTest.allCases)
    func announcedLengthOverLimit(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let response = try await client.send(ClientRequest(.get, path: "/bytes/100000"))
            #expect(response.body.length == 100_000)
            let error = await #expect(throws: NetworkError.self) { try await response.body.collect(upTo: 1000) }
            #expect(error?.kind == .bodyTooLarge)
            #expect(error?.message?.contains("announces") == true)
        }
    }
}

/// `TestServer.start(port:)`: a server on a port the caller chose.
@Suite("Test server on a chosen port")
struct TestServerPortTests {
    @Test("a server listens on the port it is given, and a taken port is an error")
    func chosenPort() async throws {
        // A port the system just handed out and took back is free for the next bind, unless a server of a
        // test running alongside takes it in between: then another port is tried, a few times at most.
        var server: TestServer?
        var chosen = 0
        for attempt in 1...5 where server == nil {
            chosen = try await TestServer.withRunning { $0.port }
            do {
                server = try await TestServer.start(port: chosen)
            } catch where attempt < 5 {
                continue
            }
        }
        let running = try #require(server)
        #expect(running.port == chosen)
        let response = try await Client(transport: URLSessionTransport()).send(try ClientRequest(url: "http://127.0.0.1:\(running.port)/status/204"))
        #expect(response.status.code == 204)
        await #expect(throws: (any Error).self) { try await TestServer.start(port: running.port) }
        await running.stop()
    }
}
