import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// A provider that hands out `token-0` first and `token-N` on the N-th refresh, counting calls.
actor CountingTokens: TokenProvider {
    private(set) var refreshes = 0
    private(set) var loads = 0
    let expiresIn: Duration?
    let failing: Bool
    /// Refreshes wait here until the test opens it.
    let gate: Gate?

    init(expiresIn: Duration? = nil, failing: Bool = false, gate: Gate? = nil) {
        self.expiresIn = expiresIn
        self.failing = failing
        self.gate = gate
    }

    struct RefreshFailed: Error {}

    func token() async throws -> Token {
        loads += 1
        return Token("token-0", expiresIn: expiresIn)
    }

    func refreshedToken() async throws -> Token {
        refreshes += 1
        await gate?.wait()
        if failing { throw RefreshFailed() }
        return Token("token-\(refreshes)", expiresIn: expiresIn)
    }
}

@Suite("Token refresh", .timeLimit(.minutes(1)))
struct TokenRefreshTests {
    /// A transport that accepts only `Bearer <accepted()>` and answers 401 otherwise.
    static func guarded(accepting accepted: @escaping @Sendable () async -> String) -> RecordingTransport {
        RecordingTransport { request in
            let expected = "Bearer \(await accepted())"
            return request.head.headerFields[.authorization] == expected
                ? stubResponse(200, body: "ok", for: request)
                : stubResponse(401, for: request)
        }
    }

    @Test("100 concurrent requests rejected together cause one refresh, and each is sent at most twice (RELIABILITY 32)")
    func singleFlight() async throws {
        let tokens = CountingTokens()
        let transport = HeldTransport { request in
            request.head.headerFields[.authorization] == "Bearer token-1" ? stubResponse(200, for: request) : stubResponse(401, for: request)
        }
        let client = Client(transport: transport).authorizing(with: .bearer(tokens))
        // All 100 are held until every one has been sent, so their 401s arrive together.
        Task {
            try await eventually { transport.holding == 100 }
            transport.releaseAll()
            try await eventually { transport.holding == 100 }
            transport.releaseAll()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let response = try await client.send(try ClientRequest(url: "https://api.example.com/items/\(index)"))
                    #expect(response.status == .ok)
                }
            }
            try await group.waitForAll()
        }
        #expect(await tokens.refreshes == 1)
        #expect(await tokens.loads == 1)
        let perPath = Dictionary(grouping: transport.requests, by: { $0.head.path! }).mapValues(\.count)
        #expect(perPath.count == 100)
        #expect(perPath.values.allSatisfy { $0 <= 2 })
    }

    @Test("a request rejected with an older token than the current one is re-sent without a new refresh (RELIABILITY 32)")
    func olderTokenNoRefresh() async throws {
        let tokens = CountingTokens()
        let held = HeldTransport { request in
            request.head.headerFields[.authorization] == "Bearer token-1" ? stubResponse(200, for: request) : stubResponse(401, for: request)
        }
        let client = Client(transport: held).authorizing(with: .bearer(tokens))
        let first = Task { try await client.send(try ClientRequest(url: "https://api.example.com/a")) }
        let second = Task { try await client.send(try ClientRequest(url: "https://api.example.com/b")) }
        try await eventually { held.holding == 2 }
        held.releaseOne()                                   // a: 401 → refresh → token-1 → sent again
        try await eventually { held.holding == 2 }
        held.releaseOne()                                   // b: 401 with token-0, token-1 exists already
        try await eventually { held.holding == 2 }
        held.releaseAll()
        #expect(try await first.value.status == .ok)
        #expect(try await second.value.status == .ok)
        #expect(await tokens.refreshes == 1)
        #expect(held.requests.map { $0.head.headerFields[.authorization] } == ["Bearer token-0", "Bearer token-0", "Bearer token-1", "Bearer token-1"])
    }

    @Test("the task that triggered the refresh is cancelled: the refresh goes on for the others, and that task alone is cancelled (RELIABILITY 32)")
    func cancelledTrigger() async throws {
        let gate = Gate()
        let tokens = CountingTokens(gate: gate)
        let transport = Self.guarded { "token-1" }
        let client = Client(transport: transport).authorizing(with: .bearer(tokens))
        let trigger = Task { try await client.send(try ClientRequest(url: "https://api.example.com/a")) }
        try await eventually { await tokens.refreshes == 1 }
        let other = Task { try await client.send(try ClientRequest(url: "https://api.example.com/b")) }
        try await eventually { transport.requests.count == 2 }
        trigger.cancel()
        await gate.open()
        #expect(try await other.value.status == .ok)
        #expect(try await #require(throws: NetworkError.self) { try await trigger.value }.kind == .cancelled)
        #expect(await tokens.refreshes == 1)
    }

    @Test("a failed refresh fails every waiter with authenticationFailed and the cause, without a loop; a later request may refresh again (RELIABILITY 33)")
    func failedRefresh() async throws {
        let gate = Gate()
        let tokens = CountingTokens(failing: true, gate: gate)
        let transport = Self.guarded { "never" }
        let client = Client(transport: transport).authorizing(with: .bearer(tokens))
        // The refresh fails only once all 50 were rejected, so all 50 belong to that round.
        Task {
            try await eventually { transport.requests.count == 50 }
            await gate.open()
        }
        let errors = try await withThrowingTaskGroup(of: NetworkError?.self) { group in
            for index in 0..<50 {
                group.addTask {
                    do {
                        _ = try await client.send(try ClientRequest(url: "https://api.example.com/items/\(index)"))
                        return nil
                    } catch let error as NetworkError {
                        return error
                    }
                }
            }
            return try await group.reduce(into: [NetworkError?]()) { $0.append($1) }
        }
        #expect(errors.allSatisfy { $0?.kind == .authenticationFailed && $0?.underlying is CountingTokens.RefreshFailed })
        #expect(await tokens.refreshes == 1)
        #expect(transport.requests.count == 50)
        _ = try? await client.send(try ClientRequest(url: "https://api.example.com/later"))
        #expect(await tokens.refreshes == 2)
    }

    @Test("a 401 even after the refresh is returned after one refresh and one re-send, body re-sent (RELIABILITY 34)")
    func rejectedAgain() async throws {
        let tokens = CountingTokens()
        let transport = Self.guarded { "nothing-works" }
        let client = Client(transport: transport).authorizing(with: .bearer(tokens))
        var request = try ClientRequest(.post, url: "https://api.example.com/items")
        request.body = .text("payload")
        let response = try await client.send(request)
        #expect(response.status == .unauthorized)
        #expect(await tokens.refreshes == 1)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.body.bufferedData == Data("payload".utf8) })
    }

    @Test("a server that rejects every token: past the refresh limit, callers fail with authenticationFailed and ExcessiveRefresh (RELIABILITY 33)")
    func excessiveRefresh() async throws {
        let clock = TestClock()
        let tokens = CountingTokens()
        let transport = Self.guarded { "nothing" }
        let client = Client(transport: transport)
            .authorizing(with: .bearer(tokens, limit: RefreshLimit(count: 3, per: .seconds(60))), clock: clock)
        for _ in 0..<3 {
            #expect(try await client.send(try ClientRequest(url: "https://api.example.com/")).status == .unauthorized)
        }
        let error = try await #require(throws: NetworkError.self) { try await client.send(try ClientRequest(url: "https://api.example.com/")) }
        #expect(error.kind == .authenticationFailed)
        #expect(error.underlying is ExcessiveRefresh)
        #expect(await tokens.refreshes == 3)
        await clock.advance(by: .seconds(60))
        #expect(try await client.send(try ClientRequest(url: "https://api.example.com/")).status == .unauthorized)
        #expect(await tokens.refreshes == 4)
    }

    @Test("a token that expires within the leeway is refreshed before sending (test clock)")
    func proactive() async throws {
        let clock = TestClock()
        let tokens = CountingTokens(expiresIn: .seconds(60))
        let transport = Self.guarded { "token-\(await tokens.refreshes)" }
        let client = Client(transport: transport).authorizing(with: .bearer(tokens, leeway: .seconds(10)), clock: clock)
        #expect(try await client.send(try ClientRequest(url: "https://api.example.com/a")).status == .ok)
        await clock.advance(by: .seconds(45))
        #expect(try await client.send(try ClientRequest(url: "https://api.example.com/b")).status == .ok)
        #expect(await tokens.refreshes == 0)
        await clock.advance(by: .seconds(6))                  // 51 s: within 10 s of expiry
        #expect(try await client.send(try ClientRequest(url: "https://api.example.com/c")).status == .ok)
        #expect(await tokens.refreshes == 1)
        #expect(transport.requests.map { $0.head.headerFields[.authorization] } == ["Bearer token-0", "Bearer token-0", "Bearer token-1"])
    }

    @Test("fixed credentials, a single-pass body that is not replayed, and a body-code trigger")
    func variants() async throws {
        let basic = RecordingTransport()
        _ = try await Client(transport: basic).authorizing(with: .basic(username: "guest", password: "guest"))
            .send(try ClientRequest(url: "https://api.example.com/"))
        #expect(basic.requests.first?.head.headerFields[.authorization] == "Basic Z3Vlc3Q6Z3Vlc3Q=")

        let tokens = CountingTokens()
        let transport = Self.guarded { "token-1" }
        var once = try ClientRequest(.put, url: "https://api.example.com/upload")
        once.body = .singlePass(AsyncStream { $0.yield(Data("x".utf8)); $0.finish() })
        let response = try await Client(transport: transport).authorizing(with: .bearer(tokens)).send(once)
        #expect(response.status == .unauthorized)
        #expect(await tokens.refreshes == 0)

        let coded = RecordingTransport { request in
            request.head.headerFields[.authorization] == "Bearer token-1"
                ? stubResponse(200, for: request)
                : stubResponse(400, body: #"{"code":"token_expired"}"#, for: request)
        }
        let codedTokens = CountingTokens()
        let client = Client(transport: coded).authorizing(with: .bearer(codedTokens, refreshingOn: .bodyContaining("token_expired")))
        #expect(try await client.send(try ClientRequest(url: "https://api.example.com/")).status == .ok)
        #expect(await codedTokens.refreshes == 1)
    }
}
