import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("EnvironmentCall: work that is given its environment when it runs")
struct EnvironmentCallTests {
    struct App: Sendable {
        var base: Int
        var name: String
    }

    @Test("environment() reads it, map and flatMap share it, pullback runs in a larger one, zip runs in one")
    func combinators() async throws {
        let base = EnvironmentCall<Int, Int>.environment()
        let doubled = base.map { $0 * 2 }
        let chained = doubled.flatMap { value in EnvironmentCall<Int, String> { env in .value("\(value)+\(env)") } }
        let inApp: EnvironmentCall<App, String> = chained.pullback(\.base)
        let both = zip(base, doubled)

        let value = try await chained.provide(5).run()
        let app = try await inApp.provide(App(base: 7, name: "x")).run()
        let pair = try await both.provide(3).run()
        #expect(value == "10+5")
        #expect(app == "14+7")
        #expect(pair == (3, 6))
    }

    @Test("modify applies Call combinators once the environment is known, and nothing runs before run()")
    func modifyAndLaziness() async throws {
        let attempts = Recorded<Int>()
        let flaky = EnvironmentCall<Int, Int>(work: { env in
            attempts.append(env)
            if attempts.all.count < 3 { throw NetworkError(.connectionClosed) }
            return env
        }).modify { $0.retry(.immediate(maxAttempts: 3)) }
        let call = flaky.provide(9)
        #expect(attempts.all.isEmpty)
        let value = try await call.run()
        #expect(value == 9)
        #expect(attempts.all == [9, 9, 9])
    }
}
