import Courier
import CourierOperators
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// `Client.retrying` and the operators' `retry` ask the same `RetryPolicy.decision(for:request:)`: the same
/// request, against the same server, is sent as many times by both and ends the same way. Each case is one
/// where the two used to disagree, or a control.
@Suite("Client.retrying and the operators' retry make one decision", .timeLimit(.minutes(1)))
struct RetryDecisionAgreementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var method: HTTPRequest.Method = .get
        /// After `/flaky/{key}`: the route's query.
        var query = ""
        var headers: [String: String] = [:]
        var singlePassBody = false
        /// The kind the first attempt fails with before it reaches the server, if any.
        var failFirst: NetworkError.Kind?
        /// Attempts both paths make.
        let attempts: Int
        /// The status both paths end with.
        let status: Int
        /// A note the operators' error carries when the decision stopped with a reason.
        var note: String?

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "GET, two 503s: retried to success", attempts: 3, status: 200),
        Case(name: "GET, 404: final", query: "?failures=9&status=404", attempts: 1, status: 404),
        Case(name: "POST, 503: not idempotent", method: .post, query: "?failures=9", attempts: 1, status: 503, note: "POST is not idempotent"),
        Case(name: "POST with an Idempotency-Key: retried", method: .post, headers: ["Idempotency-Key": "order-42"], attempts: 3, status: 200),
        Case(name: "POST that found no network (notConnected): the server never saw it, retried", method: .post, query: "?failures=0", failFirst: .notConnected, attempts: 2, status: 200),
        Case(name: "POST that could not connect: retried", method: .post, query: "?failures=0", failFirst: .cannotConnect, attempts: 2, status: 200),
        Case(name: "PUT with a single-pass body, 503: not replayable", method: .put, query: "?failures=9", singlePassBody: true, attempts: 1, status: 503, note: "single-pass stream"),
        Case(name: "GET, Retry-After: 0 honoured", query: "?failures=1&retryAfter=0", attempts: 2, status: 200),
        Case(name: "GET, Retry-After longer than maxRetryAfter: stop", query: "?failures=9&retryAfter=120", attempts: 1, status: 503, note: "maxRetryAfter"),
    ]

    static var policy: RetryPolicy {
        var policy = RetryPolicy.immediate(maxAttempts: 3)
        policy.budget = nil
        return policy
    }

    @Test("both paths send as often and end the same way", arguments: cases)
    func bothPathsAgree(_ testCase: Case) async throws {
        try await withClient { client, server in
            // Through the middleware: the final response's status.
            let layerCounter = AttemptCounter(failFirstWith: testCase.failFirst)
            let retrying = client.with(layerCounter).retrying(Self.policy)
            let response = try await retrying.send(try request(testCase, key: "layer", server: server))
            _ = try await response.body.collect(upTo: 1 << 20)
            let layerHits = await server.hits("/flaky/layer")

            // Through the operators: the call's status, or the status its error carries.
            let callCounter = AttemptCounter(failFirstWith: testCase.failFirst)
            let call = retry(client.with(callCounter).requestCall, policy: Self.policy)(try request(testCase, key: "call", server: server))
            let callResult = await call.result()
            let callHits = await server.hits("/flaky/call")
            var callStatus = 200
            if case .failure(let error) = callResult {
                let failure = try #require(error as? NetworkError)
                guard case .unacceptableStatus(let code) = failure.kind else {
                    Issue.record("the operators' retry failed with \(failure.kind)")
                    return
                }
                callStatus = code
                if let note = testCase.note {
                    #expect(failure.message?.contains(note) == true, "message: \(failure.message ?? "none")")
                }
            }

            let layerAttempts = await layerCounter.count
            let callAttempts = await callCounter.count
            #expect(layerAttempts == testCase.attempts)
            #expect(callAttempts == testCase.attempts)
            #expect(response.status.code == testCase.status)
            #expect(callStatus == testCase.status)
            #expect(layerHits == callHits)
        }
    }

    @Test("the decision, allowsRetry(after:) and isIdempotent agree on the cases the two paths disagreed on")
    func decisionTable() throws {
        let policy = RetryPolicy.default
        let post = try ClientRequest(.post, url: "https://example.com/orders")
        var keyed = post
        try keyed.setHeader("Idempotency-Key", "order-42")
        let singlePass = try ClientRequest(.put, url: "https://example.com/file", body: .singlePass(AsyncStream<Data> { $0.finish() }))

        for (request, kind, expected) in [
            (post, NetworkError.Kind.notConnected, true),
            (post, .cannotConnect, true),
            (post, .timedOut, false),
            (keyed, .timedOut, true),
            (singlePass, .timedOut, false),
            (post, .invalidURL, false),
        ] {
            let error = NetworkError(kind, request: request)
            let decision = policy.decision(for: .failure(error), request: request)
            #expect(decision.allowsRetry == expected, "\(request.method) after \(kind)")
            #expect(policy.allowsRetry(after: error) == expected, "\(request.method) after \(kind)")
        }
        #expect(policy.isIdempotent(keyed))
        #expect(!policy.isIdempotent(post))
        #expect(policy.isIdempotent(try ClientRequest(.delete, url: "https://example.com/orders/1")))
        #expect(policy.decision(for: .failure(NetworkError(.timedOut, request: singlePass)), request: singlePass)
            == .stop(reason: "the body is a single-pass stream and was already sent; use RequestBody.stream(length:_:) or .file(at:) to make it replayable."))
    }

    @Test("an error that carries no request is retried only when it proves nothing was sent; a listed kind counts for a status error too")
    func unknownRequestAndListedStatusKinds() {
        let policy = RetryPolicy.default
        // A pipeline's own timeout names no request: the write it cut off may have been applied.
        #expect(!policy.decision(for: .failure(NetworkError(.timedOut)), request: nil).allowsRetry)
        #expect(!policy.allowsRetry(after: NetworkError(.connectionClosed)))
        #expect(policy.decision(for: .failure(NetworkError(.cannotConnect)), request: nil) == .retry)
        var trusting = policy
        trusting.retriesNonIdempotentRequests = true
        #expect(trusting.decision(for: .failure(NetworkError(.timedOut)), request: nil) == .retry)
        // A 409 is not among the statuses, but a policy that lists its kind retries it, as before.
        var conflicts = policy
        conflicts.retryableErrors.insert(.unacceptableStatus(409))
        let get = try? ClientRequest(.get, url: "https://example.com/orders")
        #expect(!policy.decision(for: .failure(NetworkError(.unacceptableStatus(409), request: get)), request: get).allowsRetry)
        #expect(conflicts.decision(for: .failure(NetworkError(.unacceptableStatus(409), request: get)), request: get) == .retry)
    }

    private func request(_ testCase: Case, key: String, server: TestServer) throws -> ClientRequest {
        let body: RequestBody = testCase.singlePassBody ? .singlePass(AsyncStream<Data> { continuation in
            continuation.yield(Data("once".utf8))
            continuation.finish()
        }) : .empty
        return try ClientRequest(testCase.method, url: "\(server.baseURL)/flaky/\(key)\(testCase.query)", headers: testCase.headers, body: body)
    }
}

/// Counts the attempts that pass through it and fails the first with `failFirstWith`, before it reaches
/// the server, as a missing network or a refused connection would.
private struct AttemptCounter: Middleware {
    let failFirstWith: NetworkError.Kind?
    private let tally = Tally()

    init(failFirstWith: NetworkError.Kind?) {
        self.failFirstWith = failFirstWith
    }

    var count: Int {
        get async { await tally.count }
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let number = await tally.next()
        if number == 1, let failFirstWith {
            throw NetworkError(failFirstWith, message: "the test's first attempt never left.", request: request)
        }
        return try await next(request)
    }

    private actor Tally {
        var count = 0

        func next() -> Int {
            count += 1
            return count
        }
    }
}
