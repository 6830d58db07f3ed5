import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// Tokens from the test server: an expired one first, then whatever `refreshPath` issues.
actor ServerTokens: TokenProvider {
    let auth: Client
    let refreshPath: String
    let gate: Gate?

    init(auth: Client, refreshPath: String = "/auth/token", gate: Gate? = nil) {
        self.auth = auth
        self.refreshPath = refreshPath
        self.gate = gate
    }

    struct Grant: Decodable { var token: String }

    func token() async throws -> Token {
        Token("expired")
    }

    func refreshedToken() async throws -> Token {
        await gate?.wait()
        let grant = try await auth.send(Endpoint<Grant>(method: .post, path: RequestPath(stringLiteral: refreshPath)))
        return Token(grant.token)
    }
}

/// RELIABILITY.md section F (32–34) and the hooks, against the real local server on every transport.
@Suite("Authentication and hooks against the real local server", .timeLimit(.minutes(1)))
struct AuthConformanceTests {
    @Test("100 concurrent requests with an expired token: one refresh reaches the server, all succeed, each at most twice (RELIABILITY 32)", arguments: TransportUnderTest.allCases)
    func singleFlight(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let plain = Client(transport: transport).targeting(server.server)
            let client = Client(transport: transport).authorizing(with: .bearer(ServerTokens(auth: plain))).targeting(server.server)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let reply = try await client.send(Endpoint<[String: Bool]>(path: "/auth/protected/\(index)"))
                        #expect(reply == ["ok": true])
                    }
                }
                try await group.waitForAll()
            }
            #expect(await server.hits("/auth/token") == 1)
            for index in 0..<100 {
                #expect(await server.hits("/auth/protected/\(index)") <= 2)
            }
        }
    }

    @Test("the refresh route failing: one refresh attempt, 100 authenticationFailed, no loop (RELIABILITY 33)", arguments: TransportUnderTest.allCases)
    func failingRefresh(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let plain = Client(transport: transport).targeting(server.server)
            let gate = Gate()
            let tokens = ServerTokens(auth: plain, refreshPath: "/auth/token-broken", gate: gate)
            let client = Client(transport: transport).authorizing(with: .bearer(tokens)).targeting(server.server)
            // The refresh answers only once all 100 were rejected, so all of them belong to its round.
            Task {
                try? await eventually { await server.hits("/auth/protected/all") == 100 }
                await gate.open()
            }
            let kinds = try await withThrowingTaskGroup(of: NetworkError.Kind?.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        do {
                            _ = try await client.send(Endpoint<Data>(path: "/auth/protected/all"))
                            return nil
                        } catch let error as NetworkError {
                            #expect((error.underlying as? NetworkError)?.kind == .unacceptableStatus(500))
                            return error.kind
                        }
                    }
                }
                return try await group.reduce(into: [NetworkError.Kind?]()) { $0.append($1) }
            }
            #expect(kinds.count == 100)
            #expect(kinds.allSatisfy { $0 == .authenticationFailed })
            #expect(await server.hits("/auth/token-broken") == 1)
            #expect(await server.hits("/auth/protected/all") == 100)
        }
    }

    @Test("a 401 even after the refresh is returned after one refresh and one re-send (RELIABILITY 34)", arguments: TransportUnderTest.allCases)
    func rejectedTwice(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let plain = Client(transport: transport).targeting(server.server)
            let client = Client(transport: transport).authorizing(with: .bearer(ServerTokens(auth: plain))).targeting(server.server)
            var request = try ClientRequest(.post, path: "/auth/challenge")
            request.body = .text("payload")
            let response = try await client.send(request)
            #expect(response.status == .unauthorized)
            // The challenge's body ends (URLSession on Linux withholds it: empty there), never hangs.
            _ = try await response.body.collect(upTo: 1024)
            #expect(await server.hits("/auth/challenge") == 2)
            #expect(await server.hits("/auth/token") == 1)
        }
    }

    @Test("hooks end to end: a pre-hook adds a header, a post-hook makes a new request, completed skips the rest, a thrown error reaches the caller", arguments: TransportUnderTest.allCases)
    func hooks(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            struct Refused: Error, Equatable { let reason: String }
            let stamp = PreRequestHook { request in
                var request = request
                try request.setHeader("X-Hooked", "yes")
                return request
            }
            let recover = PostRequestHook { response, original in
                guard response.status == .serviceUnavailable else { return .continue }
                var fallback = original
                fallback.head.path = "/echo/fallback"
                return .makeNewRequest(fallback)
            }
            let stop = PostRequestHook { _, _ in .completed }
            let explode = PostRequestHook { _, _ in throw Refused(reason: "must not run") }
            let client = Client(transport: transport).hooked(pre: [stamp], post: [recover, stop, explode]).targeting(server.server)

            let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/status/503"))
            #expect(echo.path == "/echo/fallback")
            #expect(echo.headers["x-hooked"] == "yes")
            #expect(await server.hits("/status/503") == 1)

            let refusing = Client(transport: transport).hooked(pre: [PreRequestHook { _ in throw Refused(reason: "offline mode") }]).targeting(server.server)
            let error = try await #require(throws: NetworkError.self) { try await refusing.send(Endpoint<TestServer.Echo>(path: "/echo")) }
            #expect(error.underlying as? Refused == Refused(reason: "offline mode"))
            #expect(await server.hits("/echo") == 0)

            let failingPost = Client(transport: transport).hooked(post: [explode]).targeting(server.server)
            let postError = try await #require(throws: NetworkError.self) { try await failingPost.send(Endpoint<TestServer.Echo>(path: "/echo")) }
            #expect(postError.underlying as? Refused == Refused(reason: "must not run"))
        }
    }
}
