import Clocks
import Courier
import CourierOperators
import CourierTestSupport
import CourierTesting
import Testing

@Suite("FunNetworking's README pipelines, rewritten with CourierOperators, against the test server", .timeLimit(.minutes(1)))
struct ReadmePipelineTests {
    @Test("example 1: a URL string piped into a request, sent, decoded; nothing is sent before run(), each run sends")
    func ageGuessAsync() async throws {
        try await withClient(fixtures: agifyFixtures) { client, server in
            let call = Agify(base: server.baseURL, client: client).ageGuess("Jane")
            let before = await server.totalHits()
            #expect(before == 0)

            let guess = try await call.run()
            #expect(guess == AgeGuess(name: "Jane", age: 43, count: 1204))
            let again = try await call.run()
            #expect(again == guess)
            let hits = await server.hits("/fixtures/agify")
            #expect(hits == 2)
        }
    }

    @Test("example 2: the same pipeline, run blocking with unsafeRun() on a thread of its own")
    func ageGuessSync() async throws {
        try await withClient(fixtures: agifyFixtures) { client, server in
            let agify = Agify(base: server.baseURL, client: client)
            let outcome = await onThread { Result { try agify.ageGuess("Jane").unsafeRun() } }
            let guess = try outcome.get()
            #expect(guess == AgeGuess(name: "Jane", age: 43, count: 1204))

            // A failure comes back as the error, not as a crash or a hang.
            let missing = Agify(base: server.baseURL + "/nowhere", client: client)
            let failed = await onThread { Result { try missing.ageGuess("Jane").unsafeRun() } }
            let error = try #require(throws: NetworkError.self) { try failed.get() }
            #expect(error.kind == .unacceptableStatus(404))
        }
    }

    @Test("example 4: retry(client.requestCall, policy:) sends again after each 503, waiting 2 s then 4 s on the test clock")
    func retried() async throws {
        try await withClient { client, server in
            let clock = TestClock()
            let attempts = AttemptTimes(clock: clock)
            let agify = Agify(base: server.baseURL, client: client.with(attempts))
            let reply = try await driving(clock) { try await agify.retried("jane", clock: clock).run() }
            #expect(reply.attempt == 3)
            let hits = await server.hits("/flaky/jane")
            #expect(hits == 3)
            #expect(attempts.times.all == [.zero, .seconds(2), .seconds(6)])
        }
    }

    @Test("example 4: the retries end after maxAttempts with the last 503")
    func retriesRunOut() async throws {
        try await withClient { client, server in
            let clock = TestClock()
            let agify = Agify(base: server.baseURL, client: client)
            let call = agify.retried("stubborn", failures: 10, clock: clock)
            let error = try await #require(throws: NetworkError.self) {
                try await driving(clock) { try await call.run() }
            }
            #expect(error.kind == .unacceptableStatus(503))
            let hits = await server.hits("/flaky/stubborn")
            #expect(hits == 3)
        }
    }

    @Test("chaining: fetchIpNumber >>- fetchHostInfo sends the second request with the first one's answer")
    func chaining() async throws {
        try await withClient(fixtures: ipFixtures) { client, server in
            let lookup = IpLookup(base: server.baseURL, client: client, clock: TestClock())
            let ipInfoFetcher = lookup.fetchIpNumber >>- lookup.fetchHostInfo
            let info = try await ipInfoFetcher.run()
            #expect(info == IpInfo(ip: "203.0.113.7", path: "/echo/203.0.113.7/geo"))

            // The README's other spelling is the same call.
            let spelledOut = try await lookup.fetchIpNumber.flatMap(lookup.fetchHostInfo).run()
            #expect(spelledOut == info)
            let hits = await server.hits("/echo/203.0.113.7/geo")
            #expect(hits == 2)
        }
    }

    @Test("chaining: when the first request fails, the second is never sent")
    func chainingStopsAtFirstFailure() async throws {
        try await withClient { client, server in
            // No `ip` fixture: the first request gets a 404.
            let lookup = IpLookup(base: server.baseURL, client: client, clock: TestClock())
            let error = await failure(of: lookup.fetchIpNumber >>- lookup.fetchHostInfo)
            #expect(error?.kind == .unacceptableStatus(404))
            let total = await server.totalHits()
            #expect(total == 1)
        }
    }
}
