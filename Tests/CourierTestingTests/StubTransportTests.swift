import Clocks
import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("StubTransport")
struct StubTransportTests {
    let server = Server(host: "api.example.com")

    @Test("path parameters, wildcards and query items select the stub; the handler sees the request")
    func matching() async throws {
        let stubs = StubTransport()
            .stub(.get, "/articles/{id}", with: .handler { request in .json(#"{"id":\#(request.parameters["id"]!),"title":"n"}"#) })
            .stub(.get, "/search", query: ["q": "swift", "page": nil], with: .json("[1]"))
            .stub(nil, "/files/**", with: .data(Data("any".utf8)))
            .stub(.post, "/echo", with: .handler { request in .data(request.body, status: 201) })
        let client = Client(transport: stubs).targeting(server)
        let article = try await client.send(Endpoint<Article>(path: "/articles/42"))
        #expect(article == Article(id: 42, title: "n"))
        let found = try await client.send(Endpoint<[Int]>(path: "/search", query: [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "q", value: "swift")]))
        #expect(found == [1])
        let file = try await client.send(Endpoint<String>(method: .delete, path: "/files/a/b/c.txt"))
        #expect(file == "any")
        let (echoed, response) = try await client.response(Endpoint<Data>(method: .post, path: "/echo", body: .text("hello")))
        #expect(echoed == Data("hello".utf8) && response.status.code == 201)
        #expect(stubs.requests.map(\.path) == ["/articles/42", "/search", "/files/a/b/c.txt", "/echo"])
        #expect(stubs.requests[0].parameters == ["id": "42"])
    }

    @Test("a stub takes the [URLQueryItem] that assertRequest takes: nil is any value, a repeated name must be there twice")
    func queryItemsAsAssertionsTakeThem() async throws {
        let wanted = [URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "page", value: nil)]
        // Two requests below match no stub on purpose.
        let stubs = StubTransport(unmatched: .expected).stub(.get, "/search", query: wanted, with: .json("[1]"))
        let client = Client(transport: stubs).targeting(server)
        let sent = [URLQueryItem(name: "page", value: "3"), URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "x", value: "1"), URLQueryItem(name: "tag", value: "a")]
        #expect(try await client.send(Endpoint<[Int]>(path: "/search", query: sent)) == [1])
        // The same list checks the request exactly, in its order.
        try assertRequest(stubs.requests.last, path: "/search", query: sent)
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(Endpoint<[Int]>(path: "/search", query: [URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "page", value: "1")]))
        }
        let message = error?.message ?? ""
        #expect(message.contains("GET /search?tag=a&tag=b&page=*: query item 'tag' is 'a', not 'b'"))
        let missing = await #expect(throws: NetworkError.self) {
            try await client.send(Endpoint<[Int]>(path: "/search", query: [URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "tag", value: "b")]))
        }
        let missingMessage = missing?.message ?? ""
        #expect(missingMessage.contains("query item 'page' is missing"))
    }

    @Test("a stub for an endpoint matches it behind a server's base path, and not another path")
    func endpointBehindBasePath() async throws {
        let stubs = StubTransport(unmatched: .expected).stub(Endpoint<[Int]>(path: "/numbers"), with: .json("[1,2]"))
        let client = Client(transport: stubs).targeting(Server(host: "api.example.com", basePath: "/v1"))
        let numbers = try await client.send(Endpoint<[Int]>(path: "/numbers"))
        #expect(numbers == [1, 2])
        try await assertFails(Endpoint<[Int]>(path: "/letters"), on: client, with: .transportFailed)
        try await assertFails(Endpoint<[Int]>(method: .post, path: "/numbers"), on: client, with: .transportFailed)
    }

    @Test("the newest matching stub wins, so a test can override a default")
    func newestFirst() async throws {
        let stubs = StubTransport().stub(.get, "/status", with: .status(200)).stub(.get, "/status", with: .status(503))
        let response = try await Client(transport: stubs).targeting(server).send(ClientRequest(.get, path: "/status"))
        #expect(response.status.code == 503)
    }

    @Test("an unmatched request fails, naming the request and why each stub did not match")
    func unmatched() async throws {
        let stubs = StubTransport(unmatched: .expected)
            .stub(.post, "/articles", with: .status(201))
            .stub(.get, "/articles/{id}", with: .status(200))
            .stub(.get, "/articles", query: ["tag": "swift"], with: .json("[]"))
        let client = Client(transport: stubs).targeting(server)
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(ClientRequest(.get, path: "/articles", query: [URLQueryItem(name: "tag", value: "kotlin")]))
        }
        #expect(error?.kind == .transportFailed)
        let message = error?.message ?? ""
        #expect(message.contains("no stub matches GET /articles?tag=kotlin"))
        #expect(message.contains("GET /articles?tag=swift: query item 'tag' is 'kotlin', not 'swift'"))
        #expect(message.contains("GET /articles/{id}: path /articles does not match /articles/{id}"))
        #expect(message.contains("POST /articles: method is GET"))
        #expect(stubs.requests.count == 1)
    }

    @Test("a delay waits on the injected clock: the answer comes when the test clock reaches it, never by sleeping")
    func delay() async throws {
        let clock = TestClock()
        let stubs = StubTransport(clock: clock).stub(.get, "/slow", with: .json("[]").delayed(by: .seconds(5)))
        let client = Client(transport: stubs).targeting(server)
        let start = clock.now
        let value = try await driving(clock) { try await client.send(Endpoint<[Int]>(path: "/slow")) }
        #expect(value == [])
        #expect(start.duration(to: clock.now) == .seconds(5))
    }

    @Test("failures, encoded values, a missing file and a bad status")
    func replies() async throws {
        struct Item: Codable, Sendable, Equatable { var name: String }
        let stubs = StubTransport()
            .stub(.get, "/down", with: .failure(.cannotConnect))
            .stub(.get, "/item", with: .json(encoding: Item(name: "x")))
            .stub(.get, "/file", with: .contentsOfFile(URL(fileURLWithPath: "/nonexistent/\(UUID()).json")))
            .stub(.get, "/weird", with: .status(42))
        let client = Client(transport: stubs).targeting(server)
        try await assertFails(Endpoint<Data>(path: "/down"), on: client, with: .cannotConnect)
        try await assertSucceeds(Endpoint<Item>(path: "/item"), on: client, with: Item(name: "x"))
        try await assertFails(Endpoint<Data>(path: "/file"), on: client, with: .transportFailed)
        try await assertFails(Endpoint<Data>(path: "/weird"), on: client, with: .invalidResponse)
    }

    @Test("streamed request bodies are read and recorded")
    func streamedBody() async throws {
        let stubs = StubTransport().stub(.put, "/upload", with: .status(204))
        var request = try ClientRequest(.put, path: "/upload")
        request.body = .stream(length: 6) { AsyncStream { $0.yield(Data("abc".utf8)); $0.yield(Data("def".utf8)); $0.finish() } }
        _ = try await Client(transport: stubs).targeting(server).send(request)
        #expect(stubs.requests.first?.body == Data("abcdef".utf8))
    }
}
