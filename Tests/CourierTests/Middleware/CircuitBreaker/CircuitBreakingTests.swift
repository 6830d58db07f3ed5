import Clocks
import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite("The circuit breaker, on a test clock", .timeLimit(.minutes(1)))
struct CircuitBreakingTests {
    @Test("the circuit opens after N failures, fails fast, lets one probe through after the cool-down, and closes")
    func circuitBreaker() async throws {
        let clock = TestClock()
        let failing = Flag()
        let transport = RecordingTransport { request in
            failing.isRaised ? stubResponse(200, for: request) : stubResponse(503, for: request)
        }
        let client = Client(transport: transport).breakingCircuit(after: 3, coolDown: .seconds(30), clock: clock)
        for _ in 0..<3 {
            #expect(try await client.send(try itemsRequest()).status.code == 503)
        }
        let error = try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }
        #expect(error.kind == .circuitOpen)
        #expect(transport.requests.count == 3)

        // Another host has its own circuit.
        _ = try await client.send(try ClientRequest(.get, url: "https://other.example.com/"))
        #expect(transport.requests.count == 4)

        await clock.advance(by: .seconds(30))
        // The probe fails: open for another cool-down.
        #expect(try await client.send(try itemsRequest()).status.code == 503)
        #expect(try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }.kind == .circuitOpen)
        #expect(transport.requests.count == 5)

        await clock.advance(by: .seconds(30))
        failing.raise()
        #expect(try await client.send(try itemsRequest()).status == .ok)
        #expect(try await client.send(try itemsRequest()).status == .ok)
        #expect(transport.requests.count == 7)
    }

    @Test("a stream the server reset counts as a failure, as a dropped connection does; a 404 does not")
    func resetStreamIsAFailure() async throws {
        let failures: [NetworkError.Kind] = [.streamReset(code: "INTERNAL_ERROR"), .connectionClosed]
        for kind in failures {
            let transport = RecordingTransport { _ in throw NetworkError(kind) }
            let client = Client(transport: transport).breakingCircuit(after: 2, coolDown: .seconds(30), clock: TestClock())
            for _ in 0..<2 {
                #expect(try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }.kind == kind)
            }
            #expect(try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }.kind == .circuitOpen)
            #expect(transport.requests.count == 2)
        }
        let notFound = Client(transport: RecordingTransport { stubResponse(404, for: $0) }).breakingCircuit(after: 2, coolDown: .seconds(30), clock: TestClock())
        for _ in 0..<3 { #expect(try await notFound.send(try itemsRequest()).status.code == 404) }
    }

    @Test("while a probe is in flight, other requests fail fast")
    func oneProbe() async throws {
        let clock = TestClock()
        let held = HeldTransport { request in stubResponse(200, for: request) }
        let calls = Recorded<Int>()
        let transport = RecordingTransport { request in
            calls.append(1)
            switch calls.all.count {
            case 1: return stubResponse(500, for: request)
            case 2: return try await held.send(request)
            default: return stubResponse(200, for: request)
            }
        }
        let client = Client(transport: transport).breakingCircuit(after: 1, coolDown: .seconds(5), clock: clock)
        _ = try await client.send(try itemsRequest())
        await clock.advance(by: .seconds(5))
        let probe = Task { try await client.send(try itemsRequest()) }
        try await eventually { held.holding == 1 }
        #expect(try await #require(throws: NetworkError.self) { try await client.send(try itemsRequest()) }.kind == .circuitOpen)
        held.releaseAll()
        #expect(try await probe.value.status == .ok)
        _ = try await client.send(try itemsRequest())
        #expect(transport.requests.count == 3)
    }
}
