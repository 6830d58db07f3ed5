import Courier
import CourierTestSupport
import Foundation
import Testing

/// A repeatable random source: a linear congruential generator.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}

@Suite("Backoff strategies")
struct BackoffTests {
    private func delays(_ strategy: some BackoffStrategy, retries: Int = 5) -> [Duration] {
        var random: any RandomNumberGenerator = SeededGenerator(state: 42)
        return (1...retries).map { strategy.delay(beforeRetry: $0, random: &random) }
    }

    @Test("immediate, constant and linear give exact waits")
    func fixedSchedules() {
        #expect(delays(ImmediateBackoff()) == Array(repeating: .zero, count: 5))
        #expect(delays(ConstantBackoff(.seconds(3))) == Array(repeating: .seconds(3), count: 5))
        #expect(delays(LinearBackoff(step: .milliseconds(500))) == [0.5, 1, 1.5, 2, 2.5].map { .milliseconds(Int($0 * 1000)) })
    }

    @Test("exponential doubles up to its maximum")
    func exponential() {
        let strategy = ExponentialBackoff(base: .milliseconds(100), maximum: .seconds(1))
        #expect(delays(strategy, retries: 6) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
        // A huge retry number neither overflows nor passes the maximum.
        var random: any RandomNumberGenerator = SystemRandomNumberGenerator()
        #expect(strategy.delay(beforeRetry: 10_000, random: &random) == .seconds(1))
    }

    @Test("full jitter stays between zero and the exponential ceiling, and varies")
    func jitterBounds() {
        let strategy = ExponentialBackoff(base: .milliseconds(100), maximum: .seconds(10), jitter: true)
        var random: any RandomNumberGenerator = SeededGenerator(state: 7)
        var seen: Set<Duration> = []
        for retry in 1...8 {
            let ceiling = min(Duration.milliseconds(100) * (1 << (retry - 1)), .seconds(10))
            for _ in 0..<200 {
                let delay = strategy.delay(beforeRetry: retry, random: &random)
                #expect(delay >= .zero && delay <= ceiling)
                seen.insert(delay)
            }
        }
        #expect(seen.count > 1000)
    }

    @Test("a custom strategy plugs into a policy")
    func custom() {
        struct Fibonacci: BackoffStrategy {
            func delay(beforeRetry retry: Int, random: inout any RandomNumberGenerator) -> Duration {
                var (a, b) = (1, 2)
                for _ in 1..<max(retry, 1) { (a, b) = (b, a + b) }
                return .seconds(a)
            }
        }
        let policy = RetryPolicy(backoff: Fibonacci(), maxAttempts: 6)
        #expect(delays(policy.backoff) == [1, 2, 3, 5, 8].map { .seconds($0) })
    }
}
