import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// Counts every attempt that passes through it.
private struct CountingAttempts: Middleware {
    let attempts: Recorded<Int>

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        attempts.append(request.options.attempt)
        return try await next(request)
    }
}

@Suite("Fault injection against the test server", .timeLimit(.minutes(1)))
struct FaultInjectionIntegrationTests {
    /// 27: SplitMix64 from 11, two draws an attempt (failure below 0.3, then 503 below 0.2), until 20
    /// attempts draw neither (checked apart, in Python); never more than 3 faults in a row.
    @Test("a retrying client survives injected failures and 503s, and only clean attempts reach the server", arguments: TransportUnderTest.allCases)
    func retryingSurvivesFaults(_ kind: TransportUnderTest) async throws {
        try await TestServer.withRunning { server in
            try await kind.with { transport in
                let attempts = Recorded<Int>()
                var policy = RetryPolicy.immediate(maxAttempts: 5)
                policy.budget = nil
                let faults = FaultInjection.Configuration(
                    failure: .init(rate: 0.3, kind: .connectionClosed),
                    status: .init(rate: 0.2, code: 503)
                )
                let client = Client(transport: transport)
                    .injectingFaults(faults, random: SeededRandomNumberGenerator(seed: 11))
                    .with(CountingAttempts(attempts: attempts))   // sees each attempt the retry makes
                    .retrying(policy)
                    .targeting(server.server)
                for _ in 0..<20 {
                    let articles = try await client.send(Endpoint<[TestArticle]>(path: "/articles"))
                    #expect(articles == TestArticle.fixtures)
                }
                let hits = await server.hits("/articles")

                #expect(hits == 20)
                #expect(attempts.all.count == 27)
                #expect(attempts.all.contains(4))
            }
        }
    }
}
