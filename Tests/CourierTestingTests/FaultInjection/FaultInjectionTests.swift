import Clocks
import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("Fault injection, with a seeded random source and a test clock", .timeLimit(.minutes(1)))
struct FaultInjectionTests {
    /// What became of one request.
    enum Outcome: Equatable {
        case ok
        case failed(NetworkError.Kind)
        case status(Int)
        case dropped(NetworkError.Kind)
    }

    /// A client over a transport that answers `body` to every request and records the paths it saw.
    struct Harness {
        let clock = TestClock()
        let sent = Recorded<String>()
        let client: Client

        init(
            _ faults: FaultInjection.Configuration,
            seed: UInt64 = 1,
            body: @escaping @Sendable () -> ResponseBody = { ResponseBody(Data("hello world".utf8)) }
        ) {
            let sent = sent
            let transport = AnsweringTransport { request in
                sent.append(request.head.path ?? "")
                return ClientResponse(head: HTTPResponse(status: .ok), body: body(), request: request)
            }
            client = Client(transport: transport)
                .injectingFaults(faults, random: SeededRandomNumberGenerator(seed: seed), clock: clock)
        }

        func outcome(_ path: String = "/items") async throws -> Outcome {
            let result = await CourierTestSupport.outcomeOf { try await client.send(try ClientRequest(url: "https://api.example.com" + path)) }
            if let kind = result.failureKind { return .failed(kind) }
            let response = try result.get()
            guard response.status == .ok else { return .status(response.status.code) }
            let body = await CourierTestSupport.outcomeOf { try await response.body.collect(upTo: 1 << 20) }
            return body.failureKind.map(Outcome.dropped) ?? .ok
        }

        func outcomes(_ count: Int, path: String = "/items") async throws -> [Outcome] {
            var outcomes: [Outcome] = []
            for _ in 0..<count {
                outcomes.append(try await outcome(path))
            }
            return outcomes
        }
    }

    static let mixed = FaultInjection.Configuration(
        failure: .init(rate: 0.2, kind: .timedOut),
        status: .init(rate: 0.2, code: 503),
        droppedConnection: .init(rate: 0.2, afterBytes: 3)
    )

    @Test("the same seed gives the same faults, request by request; another seed gives others")
    func sameSeedSameFaults() async throws {
        let first = try await Harness(Self.mixed, seed: 42).outcomes(300)
        let again = try await Harness(Self.mixed, seed: 42).outcomes(300)
        let other = try await Harness(Self.mixed, seed: 43).outcomes(300)

        #expect(first == again)
        #expect(first != other)
        // Every kind of outcome happened, so the comparison above compares something.
        for expected: Outcome in [.ok, .failed(.timedOut), .status(503), .dropped(.connectionClosed)] {
            #expect(first.contains(expected))
        }
    }

    /// 244: SplitMix64 from 2024, top 53 bits of each output below 0.25 (checked apart, in Python).
    @Test("a failure rate of 0.25 fails exactly 244 of 1 000 requests for seed 2024, none of which is sent")
    func failureRate() async throws {
        let harness = Harness(FaultInjection.Configuration(failure: .init(rate: 0.25, kind: .connectionClosed)), seed: 2024)
        let outcomes = try await harness.outcomes(1000)
        let failures = outcomes.filter { $0 == .failed(.connectionClosed) }.count

        #expect(failures == 244)
        #expect(outcomes.filter { $0 == .ok }.count == 1000 - failures)
        #expect(harness.sent.all.count == 1000 - failures)
    }

    @Test("an injected failure carries its kind, the request and a message saying it was injected")
    func failureError() async throws {
        let harness = Harness(FaultInjection.Configuration(failure: .init(rate: 1, kind: .cannotConnect)))
        let request = try ClientRequest(url: "https://api.example.com/items")
        let result = await outcomeOf { try await harness.client.send(request) }

        #expect(result.failureKind == .cannotConnect)
        let error = try #require(result.networkError)
        #expect(error.request?.url?.absoluteString == "https://api.example.com/items")
        #expect(error.message == "FaultInjection failed the request before sending it.")
        #expect(harness.sent.all.isEmpty)
    }

    @Test("a latency holds the request until the test clock passes it")
    func latencyWaitsForClock() async throws {
        let harness = Harness(FaultInjection.Configuration(latency: .fixed(.milliseconds(500))))
        let client = harness.client
        let task = Task { try await client.send(try ClientRequest(url: "https://api.example.com/items")) }
        await harness.clock.waitForSleeper()
        await harness.clock.advance(by: .milliseconds(499))
        #expect(harness.sent.all.isEmpty)

        await harness.clock.advance(by: .milliseconds(1))
        let response = try await task.value
        #expect(response.status == .ok)
        #expect(harness.sent.all.count == 1)
    }

    @Test("a latency range draws each delay from the seed, within the range")
    func latencyRange() async throws {
        func delays(seed: UInt64) async throws -> [Duration] {
            let range = Duration.milliseconds(100)...Duration.milliseconds(300)
            let harness = Harness(FaultInjection.Configuration(latency: .random(in: range)), seed: seed)
            let clock = harness.clock, client = harness.client
            let start = clock.now
            var delays: [Duration] = []
            for _ in 0..<5 {
                let before = clock.now
                _ = try await driving(clock) { try await client.send(try ClientRequest(url: "https://api.example.com/items")) }
                delays.append(before.duration(to: clock.now))
            }
            #expect(start.duration(to: clock.now) == delays.reduce(.zero, +))
            #expect(delays.allSatisfy { range.contains($0) })
            return delays
        }
        let first = try await delays(seed: 9)
        let again = try await delays(seed: 9)

        #expect(first == again)
        #expect(Set(first).count > 1)
    }

    @Test("a forced status answers without sending")
    func forcedStatus() async throws {
        let harness = Harness(FaultInjection.Configuration(status: .init(rate: 1, code: 503)))
        let response = try await harness.client.send(try ClientRequest(url: "https://api.example.com/items"))
        let body = try await response.body.collect(upTo: 1000)

        #expect(response.status.code == 503)
        #expect(String(decoding: body, as: UTF8.self) == "status 503 injected by FaultInjection; the request was not sent.")
        #expect(harness.sent.all.isEmpty)
    }

    static let thousandBytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    /// `data` as a streamed body in 64-byte chunks.
    static func streamed(_ data: Data) -> ResponseBody {
        ResponseBody(length: Int64(data.count), chunks: BodyChunks(AsyncStream { continuation in
            var offset = 0
            while offset < data.count {
                continuation.yield(data.subdata(in: offset..<min(offset + 64, data.count)))
                offset += 64
            }
            continuation.finish()
        }))
    }

    @Test("a dropped connection delivers the first bytes, then fails with its kind", arguments: [
        (1000, 100, 100), (1000, 0, 0), (50, 100, 50),
    ])
    func droppedConnection(size: Int, afterBytes: Int, delivered: Int) async throws {
        let data = Self.thousandBytes.prefix(size)
        let harness = Harness(
            FaultInjection.Configuration(droppedConnection: .init(rate: 1, afterBytes: afterBytes, kind: .connectionClosed)),
            body: { Self.streamed(Data(data)) }
        )
        let response = try await harness.client.send(try ClientRequest(url: "https://api.example.com/items"))
        var received = Data()
        let result = await outcomeOf {
            for try await chunk in response.body { received.append(chunk) }
        }

        #expect(result.failureKind == .connectionClosed)
        #expect(result.networkError?.message == "FaultInjection dropped the connection after \(delivered) bytes of the response body.")
        #expect(received == data.prefix(delivered))
    }

    @Test("a bandwidth limit paces the body on the clock: the time is proportional to the size", arguments: [
        (250, Duration.milliseconds(2500)), (500, .seconds(5)), (1000, .seconds(10)),
    ])
    func bandwidth(size: Int, expected: Duration) async throws {
        let data = Self.thousandBytes.prefix(size)
        let harness = Harness(FaultInjection.Configuration(bandwidth: 100), body: { Self.streamed(Data(data)) })
        let clock = harness.clock
        let response = try await harness.client.send(try ClientRequest(url: "https://api.example.com/items"))
        let start = clock.now
        let finished = Flag()
        let reading = Task {
            defer { finished.raise() }
            var chunks: [Data] = []
            for try await chunk in response.body { chunks.append(chunk) }
            return chunks
        }
        // Nothing arrives while the clock stands still.
        await clock.waitForSleeper()
        #expect(!finished.isRaised)

        let chunks = try await driving(clock) { try await reading.value }
        #expect(start.duration(to: clock.now) == expected)
        #expect(chunks.reduce(Data(), +) == data)
        #expect(chunks.allSatisfy { $0.count <= 10 })   // a tenth of a second's worth at a time
    }

    @Test("a condition scopes the faults, and requests outside it draw nothing from the random source")
    func conditionScoping() async throws {
        let faults = FaultInjection.Configuration(failure: .init(rate: 0.5, kind: .cannotConnect), when: .pathPrefix("/flaky"))
        let alone = try await Harness(faults, seed: 5).outcomes(100, path: "/flaky")
        let mixed = Harness(faults, seed: 5)
        var interleaved: [Outcome] = []
        var stable: [Outcome] = []
        for _ in 0..<100 {
            interleaved.append(try await mixed.outcome("/flaky"))
            stable.append(try await mixed.outcome("/stable"))
        }

        #expect(interleaved == alone)
        #expect(alone.contains(.failed(.cannotConnect)) && alone.contains(.ok))
        #expect(stable == Array(repeating: .ok, count: 100))
        #expect(mixed.sent.all.filter { $0 == "/stable" }.count == 100)
    }

    @Test("a seeded generator repeats its sequence")
    func seededGenerator() {
        var a = SeededRandomNumberGenerator(seed: 7)
        var b = SeededRandomNumberGenerator(seed: 7)
        var c = SeededRandomNumberGenerator(seed: 8)
        let first = (0..<10).map { _ in a.next() }

        #expect(first == (0..<10).map { _ in b.next() })
        #expect(first != (0..<10).map { _ in c.next() })
        #expect(Set(first).count == 10)
        var zero = SeededRandomNumberGenerator(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)   // SplitMix64's published first output for seed 0
    }
}
