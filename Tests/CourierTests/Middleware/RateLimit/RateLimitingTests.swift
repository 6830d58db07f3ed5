import Clocks
import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("Rate limit, on a test clock", .timeLimit(.minutes(1)))
struct RateLimitingTests {
    @Test("rateLimited: a burst of N, then one every interval / N")
    func rateLimitWaits() async throws {
        let clock = TestClock()
        let (transport, times) = timedTransport(clock)
        let client = Client(transport: transport).rateLimited(2, per: .seconds(1), clock: clock)
        for _ in 0..<5 {
            _ = try await driving(clock) { try await client.send(try itemsRequest()) }
        }
        #expect(times.all == [0, 0, 500, 1000, 1500].map { .milliseconds($0) })
    }

    @Test("rateLimited(whenExceeded: .fail) fails fast with rateLimited; per host, hosts do not share a bucket")
    func rateLimitFails() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        let client = Client(transport: transport).rateLimited(1, per: .seconds(1), perHost: true, whenExceeded: .fail, clock: clock)
        _ = try await client.send(try itemsRequest())
        let error = try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }
        #expect(error.kind == .rateLimited)
        _ = try await client.send(try ClientRequest(.get, url: "https://other.example.com/"))
        await clock.advance(by: .seconds(1))
        _ = try await client.send(try itemsRequest())
        #expect(transport.requests.count == 3)
    }

    @Test("a waiter cancelled during its rate-limit wait gives its turn back and sends nothing")
    func rateLimitCancel() async throws {
        let clock = TestClock()
        let transport = RecordingTransport()
        let client = Client(transport: transport).rateLimited(1, per: .seconds(1), clock: clock)
        _ = try await client.send(try itemsRequest())
        let waiter = Task { try await client.send(try itemsRequest()) }
        await clock.waitForSleeper()
        waiter.cancel()
        #expect(try await #require(throws: NetworkError.self) { try await waiter.value }.kind == .cancelled)
        await clock.advance(by: .seconds(1))
        _ = try await client.send(try itemsRequest())           // the turn given back: no wait
        #expect(transport.requests.count == 2)
    }
}
