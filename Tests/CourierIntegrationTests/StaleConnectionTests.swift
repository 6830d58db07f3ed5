import Courier
import Foundation
import HTTPTypes
import MisbehavingServer
import Testing

/// Issue #37.4, RELIABILITY A2 and A5: a safe request that meets a pooled connection the server dropped goes
/// out once more on another connection, by the transport itself; a write never does, and neither does a
/// request whose new connection the server closed. Counts are the server's: what it read, on which
/// connection, in which place.
@Suite("A stale pooled connection: a safe request is replayed once, a write never", .timeLimit(.minutes(1)))
struct StaleConnectionTests {
    typealias Behaviour = MisbehavingServer.Behaviour
    typealias Outcome = FaultConformanceTests.Outcome

    /// The transport's two paths: AsyncHTTPClient sends a request with a timeout through its delegate API, one
    /// without through its async API.
    static let timeouts: [Duration?] = [nil, .seconds(10)]

    static func get(_ behaviour: Behaviour, on server: MisbehavingServer, method: HTTPRequest.Method = .get, query: String? = nil, timeout: Duration?) throws -> ClientRequest {
        var request = try ClientRequest(method, url: server.baseURL + behaviour.rawValue + (query.map { "?" + $0 } ?? ""))
        request.options.timeout = timeout
        return request
    }

    /// How a bodiless request for `behaviour` ends, read whole.
    static func outcome(_ behaviour: Behaviour, on server: MisbehavingServer, method: HTTPRequest.Method = .get, query: String? = nil, timeout: Duration?, client: Client) async throws -> Outcome {
        await FaultConformanceTests.outcome(of: try get(behaviour, on: server, method: method, query: query, timeout: timeout), client: client)
    }

    @Test("a GET on a kept-alive connection the server closes unanswered succeeds: sent once more, on a new connection", arguments: TransportUnderTest.allCases, timeouts)
    func getOnADroppedConnection(_ transport: TransportUnderTest, timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for round in 1...3 {
                    let first = try await Self.outcome(.dropOnReuse, on: server, timeout: timeout, client: client)
                    #expect(first == .success(200))
                    let outcome = try await Self.outcome(.dropOnReuse, on: server, timeout: timeout, client: client)
                    #expect(outcome == .success(200), "round \(round)")
                }
                // The first GET opens a connection; every later one goes out on the connection the one before
                // opened, which drops it (second on it), and again as the first on a new one. Never a third try.
                let places = server.received(.dropOnReuse).map(\.indexOnConnection)
                #expect(places == [1] + Array(repeating: [2, 1], count: 5).joined(), "\(places)")
            }
        }
    }

    @Test("a GET whose reused connection is reset once read succeeds; a POST there reaches the server once", arguments: TransportUnderTest.allCases, timeouts)
    func resetOnReuse(_ transport: TransportUnderTest, timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                let opening = try await Self.outcome(.resetOnReuse, on: server, timeout: timeout, client: client)
                #expect(opening == .success(200))
                let replayed = try await Self.outcome(.resetOnReuse, on: server, timeout: timeout, client: client)
                #expect(replayed == .success(200))

                var post = try Self.get(.resetOnReuse, on: server, method: .post, timeout: timeout)
                post.body = .bytes(Data(repeating: 7, count: 1000))
                let outcome = await FaultConformanceTests.outcome(of: post, client: client)
                // The POST went out on the connection the replayed GET opened: the server read it and reset.
                // URLSession sends a write on a connection of its own, which the server answers.
                #expect(outcome == .failure(.connectionClosed) || (transport == .urlSession && outcome == .success(200)))
                let posts = server.received(.resetOnReuse).filter { $0.method == "POST" }
                #expect(posts.count == 1, "\(posts)")
                #expect(posts.allSatisfy { $0.bodyBytes == 1000 && $0.complete })
                let gets = server.received(.resetOnReuse).filter { $0.method == "GET" }.map(\.indexOnConnection)
                #expect(gets == [1, 2, 1], "\(gets)")
            }
        }
    }

    @Test("a server that closes each connection once idle: every GET succeeds, none is sent more than twice", arguments: TransportUnderTest.allCases, timeouts)
    func closeWhenIdle(_ transport: TransportUnderTest, timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for _ in 0..<10 {
                    // The close lands while the response is read, or as the next request goes out: whichever
                    // the client sees first, the caller sees a 200.
                    let outcome = try await Self.outcome(.closeWhenIdle, on: server, timeout: timeout, client: client)
                    #expect(outcome == .success(200))
                }
                let count = server.received(.closeWhenIdle).count
                #expect((10...20).contains(count), "\(count) requests read")
            }
        }
    }

    @Test("a GET on a kept-alive connection the server closed while idle: the close is seen or the GET replayed", arguments: TransportUnderTest.allCases)
    func closedWhileIdle(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                let opening = try await Self.outcome(.closeWhenIdle, on: server, query: "after=50", timeout: nil, client: client)
                #expect(opening == .success(200))
                await server.waitForClientClose(on: .closeWhenIdle)
                let afterTheClose = try await Self.outcome(.closeWhenIdle, on: server, query: "after=50", timeout: nil, client: client)
                #expect(afterTheClose == .success(200))
                let places = server.received(.closeWhenIdle).map(\.indexOnConnection)
                #expect(places == [1, 1], "the second GET went out on a new connection: \(places)")
            }
        }
    }

    @Test("bodiless PUT, DELETE and POST on a dropped reused connection are not sent again", arguments: TransportUnderTest.allCases, timeouts)
    func writesAreNotReplayed(_ transport: TransportUnderTest, timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for method in [HTTPRequest.Method.put, .delete, .post] {
                    let warmUp = try await Self.outcome(.dropOnReuse, on: server, timeout: timeout, client: client)
                    #expect(warmUp == .success(200))
                    let outcome = try await Self.outcome(.dropOnReuse, on: server, method: method, timeout: timeout, client: client)
                    // URLSession sends a write on a connection of its own, which the server answers.
                    #expect(outcome == .failure(.connectionClosed) || (transport == .urlSession && outcome == .success(200)))
                    let writes = server.received(.dropOnReuse).filter { $0.method == method.rawValue }
                    #expect(writes.count == 1, "the \(method) reached the server once: \(writes)")
                }
            }
        }
    }
}
