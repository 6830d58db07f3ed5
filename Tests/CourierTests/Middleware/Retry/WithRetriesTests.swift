import Clocks
import Courier
import CourierTestSupport
import Testing

@Suite("withRetries: the retry policy over any async work")
struct WithRetriesTests {
    struct DiskError: Error {}

    @Test("retries a failing operation on the policy's schedule and returns its value")
    func retriesAnyWork() async throws {
        let clock = TestClock()
        let start = clock.now
        let calls = Recorded<Duration>()
        let value = try await driving(clock) {
            try await withRetries(.constant(.seconds(1), maxAttempts: 5), clock: clock) {
                calls.append(clock.elapsed(since: start))
                guard calls.all.count >= 3 else { throw DiskError() }
                return "loaded"
            }
        }
        #expect(value == "loaded")
        #expect(calls.all == [.zero, .seconds(1), .seconds(2)])
    }

    @Test("an error the caller calls final is thrown at once; running out of attempts throws the last error")
    func limits() async throws {
        let clock = TestClock()
        let calls = Recorded<Int>()
        await #expect(throws: DiskError.self) {
            try await withRetries(.immediate(maxAttempts: 5), clock: clock, isRetryable: { _ in false }) {
                calls.append(1)
                throw DiskError()
            }
        }
        #expect(calls.all.count == 1)
        await #expect(throws: DiskError.self) {
            try await withRetries(.immediate(maxAttempts: 4), clock: clock) {
                calls.append(1)
                throw DiskError()
            }
        }
        #expect(calls.all.count == 5)
    }
}
