import Clocks
@testable import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("Hedging, on a test clock", .timeLimit(.minutes(1)))
struct HedgingTests {
    @Test("a GET that has not answered within the delay is sent again; the first answer wins and the other is cancelled")
    func hedges() async throws {
        let clock = TestClock()
        let start = clock.now
        let times = Recorded<Duration>()
        let first = HeldTransport()
        let transport = RecordingTransport { request in
            times.append(clock.elapsed(since: start))
            if request.options.attempt == 1 { return try await first.send(request) }
            return stubResponse(200, body: "second", for: request)
        }
        let client = Client(transport: transport).hedging(.after(.seconds(1)), clock: clock)
        let response = try await driving(clock) { try await client.send(try itemsRequest()) }
        #expect(try await response.body.collect(upTo: 10) == Data("second".utf8))
        #expect(times.all == [.zero, .seconds(1)])
        try await eventually { first.cancellations == 1 }
    }

    @Test("a quick answer and an early error are not hedged")
    func notHedged() async throws {
        let clock = TestClock()
        let transport = RecordingTransport { request in
            if request.head.path == "/fail" { throw NetworkError(.cannotConnect, request: request) }
            return stubResponse(200, for: request)
        }
        let client = Client(transport: transport).hedging(.after(.seconds(1)), clock: clock)
        _ = try await client.send(try itemsRequest())
        let error = try await #require(throws: NetworkError.self) {
            try await client.send(try ClientRequest(.get, url: "https://api.example.com/fail"))
        }
        #expect(error.kind == .cannotConnect)
        #expect(transport.requests.count == 2)
    }

    @Test("a slow POST is not hedged, however long it takes")
    func postNotHedged() async throws {
        let clock = TestClock()
        let transport = HeldTransport()
        let client = Client(transport: transport).hedging(.after(.seconds(1)), clock: clock)
        let post = Task { try await client.send(try itemsRequest(.post)) }
        try await eventually { transport.holding == 1 }
        await clock.advance(by: .seconds(10))
        transport.releaseAll()
        _ = try await post.value
        #expect(transport.requests.count == 1)
    }

    @Test("a server error from one copy waits for the other copy's success")
    func firstSuccessWins() async throws {
        let clock = TestClock()
        let slow = HeldTransport { stubResponse(200, body: "slow success", for: $0) }
        let transport = RecordingTransport { request in
            if request.options.attempt == 1 { return try await slow.send(request) }
            return stubResponse(503, for: request)
        }
        let client = Client(transport: transport).hedging(.after(.seconds(1)), clock: clock)
        let task = Task { try await client.send(try itemsRequest()) }
        try await eventually { slow.holding == 1 }
        await clock.waitForSleeper()
        await clock.advance(by: .seconds(1))
        try await eventually { transport.requests.count == 2 }
        slow.releaseAll()
        let response = try await task.value
        #expect(try await response.body.collect(upTo: 100) == Data("slow success".utf8))
    }

    @Test("a percentile policy hedges after the fallback until it has samples, then after the percentile of recent answers")
    func percentileHedging() async throws {
        let clock = TestClock()
        let start = clock.now
        let times = Recorded<Duration>()
        let slow = HeldTransport()
        let transport = RecordingTransport { request in
            times.append(clock.elapsed(since: start))
            if request.head.path == "/slow", request.options.attempt == 1 { return try await slow.send(request) }
            return stubResponse(200, for: request)
        }
        let client = Client(transport: transport).hedging(.percentile(0.5, fallback: .seconds(10), minimumSamples: 3), clock: clock)
        let slowRequest = try ClientRequest(url: "https://api.example.com/slow")
        _ = try await driving(clock) { try await client.send(slowRequest) }          // no samples: hedged at 10 s
        for _ in 0..<3 {
            _ = try await client.send(try itemsRequest())                            // answers at once
        }
        let hedgedAt = clock.elapsed(since: start)
        _ = try await driving(clock) { try await client.send(slowRequest) }          // p50 of recent answers
        #expect(times.all.prefix(2) == [.zero, .seconds(10)])
        // The recent answers are 10 s (the first call) and three of 0 s: the median is 0 s.
        #expect(times.all.suffix(2) == [hedgedAt, hedgedAt])
    }

    @Test("a percentile delay follows recent answer times")
    func percentileWindow() {
        var window = LatencyWindow()
        #expect(window.percentile(0.95, minimumSamples: 20) == nil)
        for milliseconds in 1...100 { window.record(.milliseconds(milliseconds)) }
        #expect(window.percentile(0.95, minimumSamples: 20) == .milliseconds(96))
        #expect(window.percentile(0.5, minimumSamples: 20) == .milliseconds(51))
        for _ in 0..<LatencyWindow.capacity { window.record(.seconds(1)) }
        #expect(window.percentile(0.5, minimumSamples: 20) == .seconds(1))
    }
}
