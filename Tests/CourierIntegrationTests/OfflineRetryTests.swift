import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import MisbehavingServer
import Testing

/// Offline-aware retry against real sockets: a port held but not listening refuses connections, as a server that is
/// down does; the misbehaving server then comes up on that port, and the default TCP probe, asleep on a test
/// clock, finds it.
@Suite("Offline-aware retry against a server that comes up late", .timeLimit(.minutes(1)))
struct OfflineRetryTests {
    /// The default probe, recording the waits it was asked for and what each found.
    final class RecordingProbe: ConnectivityMonitor {
        let probe = TCPConnectivityProbe()
        let asked = Recorded<Duration>()
        let found = Recorded<Connectivity>()

        func waitForConnectivity<C: Clock<Duration>>(
            to target: ConnectivityTarget,
            within maxWait: Duration,
            clock: C
        ) async throws -> Connectivity {
            asked.append(maxWait)
            let connectivity = try await probe.waitForConnectivity(to: target, within: maxWait, clock: clock)
            found.append(connectivity)
            return connectivity
        }
    }

    /// Records the test clock's time at each attempt, since the layer was made.
    struct AttemptClock: Middleware {
        let clock: TestClock<Duration>
        let start: TestClock<Duration>.Instant
        let times = Recorded<Duration>()

        init(_ clock: TestClock<Duration>) {
            self.clock = clock
            start = clock.now
        }

        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            times.append(clock.elapsed(since: start))
            return try await next(request)
        }
    }

    /// Sends a `method` request (with `body`) to a reserved port that refuses connections, under a policy of one
    /// attempt that waits for the network; once the probe sleeps on the test clock, starts the server on that port
    /// and moves the clock on by the probe's first interval. Returns what the server received.
    func sendWhileTheServerComesUp(_ kind: TransportUnderTest, _ method: HTTPRequest.Method, body: String? = nil) async throws
        -> [MisbehavingServer.ReceivedRequest] {
        let reserved = try MisbehavingServer.reservePort()
        return try await kind.with { transport in
            let clock = TestClock()
            let attempts = AttemptClock(clock)
            let probe = RecordingProbe()
            // One attempt: the request can only succeed if the resend after the outage spends none.
            let policy = RetryPolicy.never.waitingForConnectivity(maxWait: .seconds(60), monitor: probe)
            let client = Client(transport: transport).with(attempts).retrying(policy, clock: clock)
            let request = try ClientRequest(method, url: "http://127.0.0.1:\(reserved.port)/ok", body: body.map { RequestBody.bytes(Data($0.utf8)) } ?? RequestBody.empty)
            let call = Task { try await client.send(request) }
            // Nothing outlives a failed expectation: the call would otherwise sleep on the test clock for ever.
            defer { call.cancel() }

            // Attempt 1 was refused, and so was the probe right after it: the probe now sleeps on the test clock.
            // (A probe that slept in real time would leave no sleeper here, and the test would hang.)
            await clock.waitForSleeper()
            #expect(attempts.times.all == [.zero])
            #expect(probe.found.all.isEmpty)

            let server = try await MisbehavingServer.start(on: reserved)
            await clock.advance(by: .seconds(1))
            let outcome: Result<(ClientResponse, Data), any Error>
            do {
                let response = try await call.value
                outcome = .success((response, try await response.body.collect(upTo: 1024)))
            } catch {
                outcome = .failure(error)
            }
            try await server.stop()

            let (response, bytes) = try outcome.get()
            #expect(response.status == .ok)
            #expect(bytes == Data(#"{"ok":true}"#.utf8))
            // Sent again when the clock reached the probe that found the server, and not before.
            #expect(attempts.times.all == [.zero, .seconds(1)])
            #expect(response.request.options.attempt == 2)
            #expect(probe.asked.all == [.seconds(60)])
            #expect(probe.found.all == [.restored])
            return server.received(.ok)
        }
    }

    @Test("a GET refused while the server is down waits on the clock, and goes once the server is up, spending no attempt", arguments: TransportUnderTest.allCases)
    func getWaitsForTheServer(_ kind: TransportUnderTest) async throws {
        let received = try await sendWhileTheServerComesUp(kind, .get)
        #expect(received.map(\.method) == ["GET"])
    }

    @Test("a POST refused while the server is down is sent again once it is up: nothing had left the machine", arguments: TransportUnderTest.allCases)
    func postWaitsForTheServer(_ kind: TransportUnderTest) async throws {
        let received = try await sendWhileTheServerComesUp(kind, .post, body: "order=17")
        // Exactly one POST, whole: the refused attempt never reached the server.
        #expect(received.map(\.method) == ["POST"])
        #expect(received.map(\.bodyBytes) == [8])
        #expect(received.map(\.complete) == [true])
    }

    @Test("a server that never comes up: the wait ends at maxWait on the clock, with the refusal's kind and one attempt", arguments: TransportUnderTest.allCases)
    func serverNeverComesUp(_ kind: TransportUnderTest) async throws {
        let reserved = try MisbehavingServer.reservePort()
        defer { reserved.release() }
        try await kind.with { transport in
            let clock = TestClock()
            let attempts = AttemptClock(clock)
            let probe = RecordingProbe()
            var policy = RetryPolicy.constant(.seconds(1), maxAttempts: 3).waitingForConnectivity(maxWait: .seconds(10), monitor: probe)
            policy.budget = nil
            let client = Client(transport: transport).with(attempts).retrying(policy, clock: clock)
            let request = try ClientRequest(.get, url: "http://127.0.0.1:\(reserved.port)/ok")
            let call = Task { try await client.send(request) }
            defer { call.cancel() }
            // NOTE: stepped by hand rather than run out (`driving`): between two sleeps the probe connects for real,
            // which on a loaded machine can outlast a run of the clock. Each step waits for the probe's sleep.
            for wait in [1, 2, 4, 3] as [Int64] {
                await clock.waitForSleeper()
                await clock.advance(by: .seconds(wait))
            }
            let error = try await #require(throws: NetworkError.self) { try await call.value }
            #expect(error.kind == .cannotConnect)
            #expect(error.attempt == 1)
            #expect(error.description.contains("the network did not come back within the wait for it (OfflineRetry.maxWait"))
            // Probes at 0, 1, 3, 7 and 10 s (the last wait cut to what was left): 10 s on the test clock, and no
            // attempt spent on a server that was not there.
            #expect(clock.elapsed(since: attempts.start) == .seconds(10))
            #expect(attempts.times.all == [.zero])
            #expect(probe.found.all == [.offline])
        }
    }

    @Test("cancelling the call during the wait for the network ends it at once with cancelled, and nothing more is sent", arguments: TransportUnderTest.allCases)
    func cancelDuringTheWait(_ kind: TransportUnderTest) async throws {
        let reserved = try MisbehavingServer.reservePort()
        defer { reserved.release() }
        try await kind.with { transport in
            let clock = TestClock()
            let attempts = AttemptClock(clock)
            let policy = RetryPolicy.never.waitingForConnectivity(maxWait: .seconds(60), monitor: RecordingProbe())
            let client = Client(transport: transport).with(attempts).retrying(policy, clock: clock)
            let request = try ClientRequest(.get, url: "http://127.0.0.1:\(reserved.port)/ok")
            let call = Task { try await client.send(request) }
            await clock.waitForSleeper()
            call.cancel()
            let error = try await #require(throws: NetworkError.self) { try await call.value }
            #expect(error.kind == .cancelled)
            #expect(attempts.times.all == [.zero])
            #expect(clock.elapsed(since: attempts.start) == .zero)
        }
    }

    @Test("a host name that does not resolve is offline: the call waits for it, then fails with the transport's kind", arguments: TransportUnderTest.allCases)
    func unresolvableHostWaits(_ kind: TransportUnderTest) async throws {
        try await kind.with { transport in
            let clock = TestClock()
            let probe = RecordingProbe()
            let policy = RetryPolicy.never.waitingForConnectivity(maxWait: .seconds(2), monitor: probe)
            let client = Client(transport: transport).retrying(policy, clock: clock)
            // RFC 6761: `.invalid` never resolves.
            let call = Task { try await client.send(try ClientRequest(.get, url: "http://courier-offline-test.invalid/ok")) }
            defer { call.cancel() }
            await clock.waitForSleeper()
            await clock.advance(by: .seconds(1))
            await clock.waitForSleeper()
            await clock.advance(by: .seconds(1))
            let error = try await #require(throws: NetworkError.self) { try await call.value }
            #expect(OfflineRetry.isOffline(error))
            #expect(probe.asked.all == [.seconds(2)])
            #expect(probe.found.all == [.offline])
        }
    }

    @Test("a POST whose connection closed after the server read it is not sent again, and no wait for the network starts", arguments: TransportUnderTest.allCases)
    func postAfterSendingIsNotResent(_ kind: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await kind.with { transport in
                let clock = TestClock()
                let probe = RecordingProbe()
                var policy = RetryPolicy.immediate(maxAttempts: 3).waitingForConnectivity(maxWait: .seconds(60), monitor: probe)
                policy.budget = nil
                let client = Client(transport: transport).retrying(policy, clock: clock)
                let request = try ClientRequest(
                    .post,
                    url: server.baseURL + MisbehavingServer.Behaviour.closeBeforeResponse.rawValue,
                    body: .bytes(Data("order=17".utf8))
                )
                let error = try await #require(throws: NetworkError.self) { try await client.send(request) }
                #expect(error.kind == .connectionClosed)
                #expect(error.description.contains("POST is not idempotent"))
                #expect(server.received(.closeBeforeResponse).map(\.bodyBytes) == [8])
                #expect(probe.asked.all.isEmpty)
            }
        }
    }
}
