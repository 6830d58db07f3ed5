import Clocks
@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Retrying middleware, on a test clock")
struct RetryingTests {
    /// A client whose transport answers each attempt with `answer(attemptNumber)`, recording when each
    /// attempt was made and what it carried.
    struct Harness {
        let clock = TestClock()
        let start: TestClock<Duration>.Instant
        let times = Recorded<Duration>()
        let requests = Recorded<ClientRequest>()
        let client: Client

        init(
            _ policy: RetryPolicy,
            deadline: Duration? = nil,
            answer: @escaping @Sendable (Int, ClientRequest) throws -> ClientResponse
        ) {
            let clock = clock, times = times, requests = requests
            let start = clock.now
            self.start = start
            let transport = RecordingTransport { request in
                times.append(clock.elapsed(since: start))
                requests.append(request)
                return try answer(requests.all.count, request)
            }
            var client = Client(transport: transport).retrying(policy, clock: clock)
            // The deadline an outer `timingOut` would set, without its timer: with one sleeper on the
            // test clock, running it out is deterministic. (`TimingOutTests` covers the timer.)
            if let deadline { client = client.with(SettingDeadline(after: deadline, clock: clock)) }
            self.client = client
        }

        func send(_ request: ClientRequest) async throws -> ClientResponse {
            let client = client
            return try await driving(clock) { try await client.send(request) }
        }

        /// The test clock's time since the harness was made.
        var elapsed: Duration { clock.elapsed(since: start) }
    }

    static func noBudget(_ policy: RetryPolicy) -> RetryPolicy {
        var policy = policy
        policy.budget = nil
        return policy
    }

    @Test("each strategy's attempts happen at exact times", arguments: [
        (RetryPolicy.immediate(maxAttempts: 3), [0, 0, 0]),
        (RetryPolicy.constant(.seconds(2), maxAttempts: 3), [0, 2, 4]),
        (RetryPolicy.linear(step: .seconds(1), maxAttempts: 4), [0, 1, 3, 6]),
        (RetryPolicy.exponential(base: .seconds(1), maxAttempts: 4), [0, 1, 3, 7]),
    ])
    func attemptTimes(_ policy: RetryPolicy, _ seconds: [Int]) async throws {
        let harness = Harness(Self.noBudget(policy)) { _, request in stubResponse(503, body: "busy", for: request) }
        let response = try await harness.send(try itemsRequest())
        #expect(harness.times.all == seconds.map { .seconds($0) })
        #expect(harness.requests.all.map(\.options.attempt) == Array(1...seconds.count))
        // Out of attempts, the caller gets the last 503 with its body, not a bare error.
        #expect(response.status.code == 503)
        #expect(try await response.body.collect(upTo: 100) == Data("busy".utf8))
    }

    @Test("a retried request succeeds on the attempt that succeeds")
    func succeedsEventually() async throws {
        let harness = Harness(Self.noBudget(.constant(.milliseconds(100), maxAttempts: 5))) { attempt, request in
            guard attempt > 2 else { throw NetworkError(.connectionClosed, request: request) }
            return stubResponse(200, body: "ok", for: request)
        }
        let response = try await harness.send(try itemsRequest())
        #expect(response.status == .ok)
        #expect(harness.times.all == [.zero, .milliseconds(100), .milliseconds(200)])
    }

    @Test("429 with Retry-After in seconds waits exactly that long (RELIABILITY 26)")
    func retryAfterSeconds() async throws {
        let harness = Harness(Self.noBudget(.constant(.milliseconds(100)))) { attempt, request in
            attempt == 1 ? stubResponse(429, headers: [.retryAfter: "5"], for: request) : stubResponse(200, for: request)
        }
        let response = try await harness.send(try itemsRequest())
        #expect(response.status == .ok)
        #expect(harness.times.all == [.zero, .seconds(5)])
    }

    @Test("503 with Retry-After as an HTTP date waits until that date (RELIABILITY 27)")
    func retryAfterDate() async throws {
        var policy = Self.noBudget(.constant(.milliseconds(100)))
        policy.currentDate = { Date(timeIntervalSince1970: 784_111_777) }   // Sun, 06 Nov 1994 08:49:37 GMT
        let harness = Harness(policy) { attempt, request in
            attempt == 1 ? stubResponse(503, headers: [.retryAfter: "Sun, 06 Nov 1994 08:49:45 GMT"], for: request) : stubResponse(200, for: request)
        }
        _ = try await harness.send(try itemsRequest())
        #expect(harness.times.all == [.zero, .seconds(8)])
    }

    @Test("a malformed Retry-After falls back to the strategy", arguments: ["soon", "-3", "", "Someday, 99 Nov 1994"])
    func malformedRetryAfter(_ value: String) async throws {
        let harness = Harness(Self.noBudget(.constant(.seconds(2)))) { attempt, request in
            attempt == 1 ? stubResponse(503, headers: [.retryAfter: value], for: request) : stubResponse(200, for: request)
        }
        _ = try await harness.send(try itemsRequest())
        #expect(harness.times.all == [.zero, .seconds(2)])
    }

    @Test("a Retry-After past maxRetryAfter ends the retries with the last response", arguments: ["99999999", "Thu, 01 Jan 2099 00:00:00 GMT"])
    func hugeRetryAfter(_ value: String) async throws {
        let harness = Harness(Self.noBudget(.constant(.seconds(1)))) { _, request in
            stubResponse(503, headers: [.retryAfter: value], body: "later", for: request)
        }
        let response = try await harness.send(try itemsRequest())
        #expect(response.status.code == 503)
        #expect(harness.times.all == [.zero])
    }

    @Test("an overall deadline covers retries and waits: no attempt starts after it (RELIABILITY 11)")
    func deadlineAcrossRetries() async throws {
        let harness = Harness(Self.noBudget(.constant(.seconds(1), maxAttempts: 10)), deadline: .milliseconds(3500)) { _, request in
            stubResponse(503, for: request)
        }
        let response = try await harness.send(try itemsRequest())
        #expect(response.status.code == 503)
        #expect(harness.times.all == [0, 1, 2, 3].map { .seconds($0) })
    }

    @Test("a Retry-After past the deadline ends the call at once with the last response (RELIABILITY 11)")
    func retryAfterPastDeadline() async throws {
        let harness = Harness(Self.noBudget(.constant(.seconds(1))), deadline: .seconds(3)) { _, request in
            stubResponse(503, headers: [.retryAfter: "10"], for: request)
        }
        let response = try await harness.send(try itemsRequest())
        #expect(response.status.code == 503)
        #expect(harness.times.all == [.zero])
    }

    @Test("maxElapsedTime stops retries that would pass it")
    func maxElapsed() async throws {
        var policy = Self.noBudget(.constant(.seconds(1), maxAttempts: 10))
        policy.maxElapsedTime = .milliseconds(2500)
        let harness = Harness(policy) { _, request in throw NetworkError(.timedOut, request: request) }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .timedOut)
        #expect(error.attempt == 3)
        #expect(error.description.contains("maxElapsedTime"))
        #expect(harness.times.all == [0, 1, 2].map { .seconds($0) })
    }

    @Test("a POST is not sent twice: a 503 and a closed connection are returned after one attempt (RELIABILITY 6)")
    func postNotRetried() async throws {
        let harness = Harness(Self.noBudget(.immediate())) { attempt, request in
            if attempt == 1 { return stubResponse(503, for: request) }
            throw NetworkError(.connectionClosed, request: request)
        }
        #expect(try await harness.send(try itemsRequest(.post)).status.code == 503)
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest(.post)) }
        #expect(error.kind == .connectionClosed)
        #expect(error.description.contains("POST is not idempotent and the server may have processed it"))
        #expect(harness.requests.all.count == 2)
    }

    @Test("a POST that could not connect is retried: the server never saw it")
    func postRetriedWhenNeverSent() async throws {
        let harness = Harness(Self.noBudget(.immediate())) { attempt, request in
            guard attempt > 1 else { throw NetworkError(.cannotConnect, request: request) }
            return stubResponse(201, for: request)
        }
        #expect(try await harness.send(try itemsRequest(.post)).status.code == 201)
        #expect(harness.requests.all.count == 2)
    }

    @Test("a POST with an Idempotency-Key, or with the opt-in, is retried and keeps its body and key (RELIABILITY 28)")
    func postWithKeyRetried() async throws {
        let harness = Harness(Self.noBudget(.immediate())) { attempt, request in
            attempt % 2 == 1 ? stubResponse(503, for: request) : stubResponse(201, for: request)
        }
        var request = try itemsRequest(.post)
        try request.setHeader("Idempotency-Key", "k-1")
        request.body = .stream(length: 6) { AsyncStream { $0.yield(Data("abc".utf8)); $0.yield(Data("def".utf8)); $0.finish() } }
        #expect(try await harness.send(request).status.code == 201)

        var optedIn = try itemsRequest(.patch)
        optedIn.body = .text("patch")
        var policy = Self.noBudget(.immediate())
        policy.retriesNonIdempotentRequests = true
        optedIn.options.retryPolicy = policy
        #expect(try await harness.send(optedIn).status.code == 201)

        let sent = harness.requests.all
        #expect(sent.count == 4)
        #expect(sent[0...1].allSatisfy { $0.head.headerFields[.idempotencyKey] == "k-1" })
        for attempt in sent[0...1] {
            var bytes = Data()
            for try await chunk in try attempt.body.chunks() { bytes.append(chunk) }
            #expect(bytes == Data("abcdef".utf8))
        }
        #expect(sent[2...3].allSatisfy { $0.body.bufferedData == Data("patch".utf8) })
    }

    @Test("automatic Idempotency-Key: one new key per call, the same on every attempt")
    func automaticIdempotencyKey() async throws {
        var policy = Self.noBudget(.immediate())
        policy.addsIdempotencyKeys = true
        let counter = Recorded<Int>()
        policy.makeIdempotencyKey = { counter.append(1); return "key-\(counter.all.count)" }
        let harness = Harness(policy) { attempt, request in
            attempt % 2 == 1 ? stubResponse(503, for: request) : stubResponse(200, for: request)
        }
        _ = try await harness.send(try itemsRequest(.post))
        _ = try await harness.send(try itemsRequest(.post))
        _ = try await harness.send(try itemsRequest(.get))
        let keys = harness.requests.all.map { $0.head.headerFields[.idempotencyKey] }
        #expect(keys == ["key-1", "key-1", "key-2", "key-2", nil, nil])
    }

    @Test("a single-pass body is never retried, and the error says why (RELIABILITY 28)")
    func singlePassNotRetried() async throws {
        let harness = Harness(Self.noBudget(.immediate())) { _, request in throw NetworkError(.connectionClosed, request: request) }
        var request = try itemsRequest(.put)
        request.body = .singlePass(AsyncStream { $0.yield(Data("once".utf8)); $0.finish() })
        let error = try await #require(throws: NetworkError.self) { try await harness.send(request) }
        #expect(error.kind == .connectionClosed)
        #expect(error.description.contains("single-pass"))
        #expect(harness.requests.all.count == 1)
    }

    @Test("errors outside the retryable set are returned at once")
    func nonRetryableError() async throws {
        let harness = Harness(Self.noBudget(.immediate())) { _, request in throw NetworkError(.tlsFailure, request: request) }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .tlsFailure)
        #expect(harness.requests.all.count == 1)
    }

    @Test("a per-request policy replaces the client's")
    func perRequestOverride() async throws {
        let harness = Harness(Self.noBudget(.immediate(maxAttempts: 5))) { _, request in stubResponse(500, for: request) }
        var once = try itemsRequest()
        once.options.retryPolicy = .never
        _ = try await harness.send(once)
        #expect(harness.requests.all.count == 1)
        var twice = try itemsRequest()
        twice.options.retryPolicy = Self.noBudget(.immediate(maxAttempts: 2))
        _ = try await harness.send(twice)
        #expect(harness.requests.all.count == 3)
    }

    @Test("with every request failing, retries stay within the budget (RELIABILITY 25)")
    func budget() async throws {
        var policy = RetryPolicy.immediate(maxAttempts: 3)
        policy.budget = RetryBudget(ratio: 0.2, reserve: 2)
        let harness = Harness(policy) { _, request in stubResponse(503, for: request) }
        for _ in 0..<100 {
            #expect(try await harness.send(try itemsRequest()).status.code == 503)
        }
        let attempts = harness.requests.all.count
        #expect(attempts >= 100 + 20)
        #expect(attempts <= 100 + 2 + 20)
    }

    @Test("during a backoff wait the retryable response holds no throttle slot, and its body is kept")
    func nothingHeldWhileWaiting() async throws {
        let clock = TestClock()
        let throttle = Throttling(maxConcurrent: 1)
        let attempts = Recorded<Int>()
        let transport = RecordingTransport { request in
            attempts.append(1)
            let status: HTTPResponse.Status = attempts.all.count == 1 ? .serviceUnavailable : .ok
            let chunks = BodyChunks(AsyncStream { $0.yield(Data("busy".utf8)); $0.finish() })
            return ClientResponse(head: HTTPResponse(status: status), body: ResponseBody(length: nil, chunks: chunks), request: request)
        }
        let client = Client(transport: transport).with(throttle).retrying(Self.noBudget(.constant(.seconds(10), maxAttempts: 2)), clock: clock)
        let task = Task { try await client.send(try itemsRequest()) }
        await clock.waitForSleeper()
        #expect(throttle.running == 0)
        await clock.advance(by: .seconds(10))
        #expect(try await task.value.status == .ok)

        // Out of attempts, the kept 503 comes back with its body.
        let last = try await driving(clock) {
            try await Client(transport: RecordingTransport { request in
                let chunks = BodyChunks(AsyncStream { $0.yield(Data("still busy".utf8)); $0.finish() })
                return ClientResponse(head: HTTPResponse(status: .serviceUnavailable), body: ResponseBody(length: nil, chunks: chunks), request: request)
            }).retrying(Self.noBudget(.constant(.seconds(1), maxAttempts: 2)), clock: clock).send(try itemsRequest())
        }
        #expect(try await last.body.collect(upTo: 100) == Data("still busy".utf8))
    }

    @Test("cancelling during a backoff wait ends the call at once, with no further attempt (RELIABILITY 29)")
    func cancelDuringBackoff() async throws {
        let harness = Harness(Self.noBudget(.constant(.seconds(60)))) { _, request in stubResponse(503, for: request) }
        let client = harness.client
        let task = Task { try await client.send(try itemsRequest()) }
        await harness.clock.waitForSleeper()
        task.cancel()
        let error = try await #require(throws: NetworkError.self) { try await task.value }
        #expect(error.kind == .cancelled)
        #expect(harness.requests.all.count == 1)
    }
}

/// Sets ``RequestOptions/deadline`` as `timingOut(after:clock:)` would.
struct SettingDeadline: Middleware {
    let after: Duration
    let clock: TestClock<Duration>

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        request.options.deadline = Deadline(after: after, clock: clock)
        return try await next(request)
    }
}
