import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

private struct WrongArticle: Decodable, Sendable {
    var id: String
}

@Suite("Bad input and failures get exact error kinds", .timeLimit(.minutes(1)))
struct BadInputTests {
    @Test("a malformed URL string is invalidURL and nothing is sent", arguments: TransportUnderTest.allCases)
    func malformedURL(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                let error = await #expect(throws: NetworkError.self) {
                    _ = try await Client(transport: transport).send(ClientRequest(url: "http://127.0.0.256:\(server.port)/a b"))
                }
                #expect(error?.kind == .invalidURL)
                #expect(await server.totalHits() == 0)
            }
        }
    }

    @Test("a header value with CR/LF is rejected before anything is sent", arguments: TransportUnderTest.allCases)
    func headerInjection(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                let client = Client(transport: transport).targeting(server.server)
                let endpoint = Endpoint<TestServer.Echo>(path: "/echo", headers: ["X-Note": "hi\r\nX-Injected: 1"])
                let error = await #expect(throws: NetworkError.self) { try await client.send(endpoint) }
                #expect(error?.kind == .invalidHeader(name: "x-note"))
                #expect(await server.totalHits() == 0)
            }
        }
    }

    // A1. Port 1, not a port just released by a test server: with suites running in parallel, another
    // server could be given that port again before the request is made.
    @Test("a port nothing listens on is cannotConnect (A1)", arguments: TransportUnderTest.allCases)
    func connectionRefused(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            let error = await #expect(throws: NetworkError.self) {
                _ = try await Client(transport: transport).send(ClientRequest(url: "http://127.0.0.1:1/"))
            }
            #expect(error?.kind == .cannotConnect)
            // The first line says what failed and where, in words: no type names, errno or parentheses (#40).
            let first = error?.description.split(separator: "\n").first.map(String.init)
            #expect(first == error?.headline)
            #expect(first?.hasPrefix("could not connect to 127.0.0.1:1") == true, "\(first ?? "")")
            #expect(first.map { !$0.contains("Error") && !$0.contains("errno") && !$0.contains("(") } == true, "\(first ?? "")")
        }
    }

    @Test("a response slower than the timeout is timedOut", arguments: TransportUnderTest.allCases)
    func timeout(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                var options = RequestOptions()
                options.timeout = .milliseconds(300)
                let client = Client(transport: transport).targeting(server.server)
                let error = await #expect(throws: NetworkError.self) {
                    try await client.send(Endpoint<Data>(path: "/delay/3000", options: options))
                }
                #expect(error?.kind == .timedOut)
            }
        }
    }

    @Test("a body that keeps dripping past the deadline is timedOut: the deadline covers the body (B10)", arguments: TransportUnderTest.allCases)
    func dripPastTheDeadline(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var options = RequestOptions()
            options.timeout = .milliseconds(400)
            let endpoint = Endpoint<Data>(path: "/drip", query: [
                URLQueryItem(name: "chunks", value: "40"), URLQueryItem(name: "interval", value: "50"),
            ], options: options)
            let error = await #expect(throws: NetworkError.self) { try await client.send(endpoint) }
            #expect(error?.kind == .timedOut)
            await server.waitForDisconnect(on: "/drip")
        }
    }

    @Test("cancelling the calling task is cancelled, and the server sees the client go away", arguments: TransportUnderTest.allCases)
    func cancellation(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                let client = Client(transport: transport).targeting(server.server)
                let call = Task {
                    try await client.send(Endpoint<Data>(path: "/drip", query: [
                        URLQueryItem(name: "chunks", value: "600"), URLQueryItem(name: "interval", value: "50"),
                    ]))
                }
                await server.waitForHit(on: "/drip")
                call.cancel()
                let error = await #expect(throws: NetworkError.self) { try await call.value }
                #expect(error?.kind == .cancelled)
                await server.waitForDisconnect(on: "/drip")
            }
        }
    }

    @Test("404 and 500 are unacceptableStatus with a preview of the body", arguments: TransportUnderTest.allCases, [404, 500])
    func errorStatuses(_ kind: TransportUnderTest, _ code: Int) async throws {
        try await withClient(kind) { client, server in
            let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<TestServer.Echo>(path: "/status/\(code)")) }
            #expect(error?.kind == .unacceptableStatus(code))
            #expect(error?.response?.status.code == code)
            #expect(error?.bodyPreview?.contains(#""status":\#(code)"#) == true)
            #expect(error?.description.contains(#""status":\#(code)"#) == true)
        }
    }

    @Test("JSON that does not match the type is decodingFailed with the coding path", arguments: TransportUnderTest.allCases)
    func mismatchedJSON(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                let client = Client(transport: transport).targeting(server.server)
                let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<[WrongArticle]>(path: "/articles")) }
                #expect(error?.kind == .decodingFailed(codingPath: "[0].id"))
                #expect(error?.description.contains("[0].id") == true)
            }
        }
    }

    @Test("a non-JSON body where JSON was expected is decodingFailed at the root", arguments: TransportUnderTest.allCases)
    func notJSON(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                let client = Client(transport: transport).targeting(server.server)
                let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<[TestArticle]>(path: "/not-json")) }
                #expect(error?.kind == .decodingFailed(codingPath: ""))
                #expect(error?.bodyPreview?.contains("<html>") == true)
            }
        }
    }

    @Test("a relative request sent without a server is invalidURL with a hint", arguments: TransportUnderTest.allCases)
    func relativeWithoutServer(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            let error = await #expect(throws: NetworkError.self) {
                try await Client(transport: transport).send(Endpoint<Void>(path: "/x"))
            }
            #expect(error?.kind == .invalidURL)
            #expect(error?.description.contains("targeting") == true)
        }
    }

    @Test("a printed error from a real 401 never contains the Authorization or Cookie value", arguments: TransportUnderTest.allCases)
    func redactedOnTheWire(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            try await TestServer.withRunning { server in
                let client = Client(transport: transport).targeting(server.server)
                let endpoint = Endpoint<TestServer.Echo>(path: "/status/401", headers: ["Authorization": "Bearer live-secret", "Cookie": "sid=live-cookie"])
                let error = try #require(await #expect(throws: NetworkError.self) { try await client.send(endpoint) })
                #expect(error.kind == .unacceptableStatus(401))
                for text in [error.description, String(describing: error.request), String(describing: error.response)] {
                    #expect(!text.contains("live-secret"))
                    #expect(!text.contains("live-cookie"))
                }
            }
        }
    }

    @Test("a response body stays readable after the one-off client and transport that sent it are gone", arguments: TransportUnderTest.allCases)
    func bodyOutlivesItsClient(_ kind: TransportUnderTest) async throws {
        try await TestServer.withRunning { server in
            // The server sends one byte every 50 ms: the body is still arriving when `send` returns and the only
            // reference to the transport, the temporary client, is released.
            let response = try await Client(transport: kind.makeOneOff()).send(ClientRequest(url: server.baseURL + "/drip?chunks=5&interval=50"))
            let body = try await response.body.collect(upTo: 1024)
            #expect(String(decoding: body, as: UTF8.self) == ".....")
        }
    }

    @Test("several cookies reach the server as one Cookie line joined with '; ' (RFC 6265 §5.4)", arguments: TransportUnderTest.allCases)
    func cookiesOnOneLine(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var request = try ClientRequest(.get, path: "/echo")
            request.head.headerFields[.cookie] = "session=abc; theme=dark"
            let response = try await client.send(request)
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: try await response.body.collect(upTo: 1 << 20))
            #expect(echo.headers["cookie"] == "session=abc; theme=dark")
        }
    }

    @Test("a request sent from an already-cancelled task is cancelled and reaches no server", arguments: TransportUnderTest.allCases)
    func alreadyCancelled(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            for _ in 0..<20 {
                let call = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await client.send(ClientRequest(.get, path: "/echo"))
                }
                let error = await #expect(throws: NetworkError.self) { _ = try await call.value }
                #expect(error?.kind == .cancelled)
            }
            #expect(await server.hits("/echo") == 0)
        }
    }
}
