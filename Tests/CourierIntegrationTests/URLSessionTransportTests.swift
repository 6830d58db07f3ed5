import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

private struct WrongArticle: Decodable, Sendable {
    var id: String
}

/// Runs `body` with a running test server and a client over a fresh URLSession transport targeting it.
private func withClient(_ body: (Client, TestServer) async throws -> Void) async throws {
    let transport = URLSessionTransport()
    try await TestServer.withRunning { server in
        try await body(Client(transport: transport).targeting(server.server), server)
    }
}

@Suite("URLSessionTransport against a real local server", .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    @Test("GET decodes JSON")
    func getDecodes() async throws {
        try await withClient { client, server in
            let articles = try await client.send(Endpoint<[TestArticle]>(path: "/articles", query: [URLQueryItem(name: "tag", value: "swift")]))
            #expect(articles == TestArticle.fixtures.filter { $0.tags.contains("swift") })
            #expect(await server.hits("/articles") == 1)
        }
    }

    @Test("a POST of JSON round-trips through echo")
    func postJSON() async throws {
        try await withClient { client, _ in
            let sent = TestArticle(id: 9, title: "Caf\u{e9} \"quoted\"\nnewline", tags: ["a", "b"])
            let echo = try await client.send(Endpoint<Echo>(method: .post, path: "/echo", body: .json(sent)))
            #expect(echo.method == "POST")
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.headers["content-length"] == String(echo.body.utf8.count))
            let received = try JSONDecoder().decode(TestArticle.self, from: Data(echo.body.utf8))
            #expect(received == sent)
        }
    }

    @Test("awkward query values arrive exactly as given")
    func queryEncoding() async throws {
        let values = ["a b", "1+1=2", "x&y=z", "#hash", "a/b?c", "caf\u{e9} \u{1F680}", "100%", ""]
        try await withClient { client, _ in
            let query = values.enumerated().map { URLQueryItem(name: "v\($0.offset)", value: $0.element) }
                + [URLQueryItem(name: "key with spaces&=", value: "ok")]
            let echo = try await client.send(Endpoint<Echo>(path: "/echo", query: query))
            #expect(echo.queryItems.map(\.name) == query.map(\.name))
            #expect(echo.queryItems.map(\.value) == query.map(\.value))
            #expect(!echo.query.contains("+"))
            #expect(!echo.query.contains(" "))
        }
    }

    @Test("an encoded slash in a path segment is not decoded on the way")
    func encodedSlash() async throws {
        try await withClient { client, _ in
            let echo = try await client.send(Endpoint<Echo>(path: "/echo/\("swift/nio")/x"))
            #expect(echo.path == "/echo/swift%2Fnio/x")
        }
    }

    @Test("headers reach the server, including repeated fields")
    func headers() async throws {
        try await withClient { client, _ in
            var request = try ClientRequest(.get, path: "/echo")
            try request.setHeader("X-Custom", "value with spaces")
            try request.addHeader("X-Multi", "one")
            try request.addHeader("X-Multi", "two")
            let response = try await client.send(request)
            let echo = try JSONDecoder().decode(Echo.self, from: try await response.body.collect(upTo: 1 << 20))
            #expect(echo.headers["x-custom"] == "value with spaces")
            #expect(echo.headers["x-multi"] == "one, two")
        }
    }

    @Test("204 has no body: Void succeeds and Data is empty")
    func noContent() async throws {
        try await withClient { client, _ in
            try await client.send(Endpoint<Void>(method: .delete, path: "/status/204"))
            let (data, response) = try await client.response(Endpoint<Data>(path: "/status/204"))
            #expect(data.isEmpty)
            #expect(response.status == .noContent)
        }
    }

    @Test("a 10 MB response arrives whole")
    func largeResponse() async throws {
        try await withClient { client, _ in
            let size = 10 * 1024 * 1024
            let data = try await client.send(Endpoint<Data>(path: "/bytes/\(size)"))
            #expect(data.count == size)
            let pattern = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
            #expect(data.prefix(36).elementsEqual(pattern))
            #expect(data[size - 1] == pattern[(size - 1) % 36])
        }
    }

    @Test("a 3xx is delivered as it is, not followed")
    func redirectsAreNotFollowed() async throws {
        try await withClient { client, server in
            var request = try ClientRequest(.get, path: "/redirect/1")
            try request.setHeader("Authorization", "Bearer do-not-forward")
            let response = try await client.send(request)
            #expect(response.status == .found)
            #expect(response.head.headerFields[.location] == "/echo")
            #expect(await server.hits("/echo") == 0)
        }
    }

    @Test("URLSession's own gzip decoding is bounded by the body limit, and the decoded response drops Content-Encoding")
    func gzipIsBounded() async throws {
        let url = try #require(Bundle.module.url(forResource: "zeros-4MiB", withExtension: "gz", subdirectory: "Fixtures"))
        let bomb = TestServer.Fixture(body: try Data(contentsOf: url), headers: [
            "Content-Type": "application/octet-stream", "Content-Encoding": "gzip",
        ])
        try await TestServer.withRunning(fixtures: ["bomb": bomb]) { server in
            let client = Client(transport: URLSessionTransport()).targeting(server.server)
            var options = RequestOptions()
            options.maxResponseBodySize = 1024 * 1024
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<Data>(path: "/fixtures/bomb", options: options))
            }
            #expect(error?.kind == .bodyTooLarge)

            let (data, response) = try await client.response(Endpoint<Data>(path: "/fixtures/bomb"))
            #expect(data.count == 4 * 1024 * 1024)
            #expect(data.allSatisfy { $0 == 0 })
            #expect(response.head.headerFields[.contentEncoding] == nil)
            #expect(response.head.headerFields[.contentLength] == nil)
        }
    }

    @Test("a body larger than its limit is bodyTooLarge")
    func bodyLimit() async throws {
        try await withClient { client, _ in
            var options = RequestOptions()
            options.maxResponseBodySize = 1000
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<Data>(path: "/bytes/5000", options: options))
            }
            #expect(error?.kind == .bodyTooLarge)
        }
    }
}
