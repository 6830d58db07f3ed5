import Clocks
@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Offline-aware retry: which errors wait, and how the wait is spent, on a test clock")
struct OfflineRetryTests {
    /// A monitor that answers from a script (the last answer repeats): `.online` at once, `.restored` after
    /// `takes` on the clock, `.offline` once `maxWait` has passed; an answer that would come after `maxWait`
    /// does not come, and the wait ends offline. It records each wait it was asked for.
    final class ScriptedMonitor: ConnectivityMonitor {
        let script: [Connectivity]
        let takes: Duration
        let asked = Recorded<Duration>()
        let targets = Recorded<ConnectivityTarget>()

        init(_ script: [Connectivity], takes: Duration = .seconds(2)) {
            self.script = script
            self.takes = takes
        }

        func waitForConnectivity<C: Clock<Duration>>(
            to target: ConnectivityTarget,
            within maxWait: Duration,
            clock: C
        ) async throws -> Connectivity {
            asked.append(maxWait)
            targets.append(target)
            let answer = script[min(asked.all.count, script.count) - 1]
            switch answer {
            case .online:
                return .online
            case .restored where takes <= maxWait:
                try await clock.sleep(for: takes)
                return .restored
            case .restored, .offline:
                if maxWait > .zero { try await clock.sleep(for: maxWait) }
                return .offline
            }
        }
    }

    /// The retry tests' harness: a transport answering attempt n with `answer(n, request)`, on a test clock.
    typealias Harness = RetryingTests.Harness

    static func waiting(_ policy: RetryPolicy, maxWait: Duration = .seconds(60), monitor: ScriptedMonitor) -> RetryPolicy {
        var policy = policy.waitingForConnectivity(maxWait: maxWait, monitor: monitor)
        policy.budget = nil
        return policy
    }

    // MARK: Which errors are offline

    @Test("offline means no connection was made: notConnected and cannotConnect, and no other kind", arguments: [
        (NetworkError.Kind.notConnected, true), (.cannotConnect, true),
        (.timedOut, false), (.connectionClosed, false), (.streamReset(code: "REFUSED_STREAM"), false), (.tlsFailure, false),
        (.proxyFailed(status: nil), false), (.proxyFailed(status: 407), false), (.transportFailed, false),
        (.invalidResponse, false), (.cancelled, false), (.unacceptableStatus(503), false), (.circuitOpen, false),
        (.rateLimited, false), (.shutdown, false), (.invalidURL, false),
    ])
    func offlineKinds(_ kind: NetworkError.Kind, _ offline: Bool) {
        #expect(OfflineRetry.isOffline(NetworkError(kind)) == offline)
        #expect(OfflineRetry.kinds.contains(kind) == offline)
    }

    @Test("an error that is not a NetworkError is never offline, cancellation included")
    func otherErrorsAreNotOffline() {
        struct Refused: Error {}
        #expect(!OfflineRetry.isOffline(CancellationError()))
        #expect(!OfflineRetry.isOffline(Refused()))
    }

    @Test("waiting for the network makes an offline error retryable for any method, even one left out of retryableErrors")
    func decisionWithOfflineWait() throws {
        var policy = Self.waiting(.never, monitor: ScriptedMonitor([.restored]))
        policy.retryableErrors = []
        let post = try itemsRequest(.post)
        #expect(policy.decision(for: .failure(NetworkError(.cannotConnect, request: post)), request: post) == .retry)
        #expect(policy.decision(for: .failure(NetworkError(.notConnected, request: post)), request: post) == .retry)
        #expect(policy.decision(for: .failure(NetworkError(.timedOut, request: post)), request: post) == .stop(reason: nil))
        // Without the wait, the policy's list decides as before.
        policy.offline = nil
        #expect(policy.decision(for: .failure(NetworkError(.cannotConnect, request: post)), request: post) == .stop(reason: nil))
    }

    @Test("the target is the request's host and port, or its scheme's default port", arguments: [
        ("https://api.example.com/items", "api.example.com", 443),
        ("http://api.example.com/items", "api.example.com", 80),
        ("http://127.0.0.1:8080/ok", "127.0.0.1", 8080),
        ("https://[::1]:8443/", "::1", 8443),
        ("https://api.example.com:443/", "api.example.com", 443),
    ])
    func target(_ url: String, _ host: String, _ port: Int) throws {
        #expect(ConnectivityTarget(request: try ClientRequest(url: url)) == ConnectivityTarget(host: host, port: port))
    }

    @Test("a relative request has no target, and an IPv6 target is written in brackets")
    func noTarget() throws {
        #expect(ConnectivityTarget(request: try ClientRequest(.get, path: "/items")) == nil)
        #expect(ConnectivityTarget(host: "::1", port: 8443).description == "[::1]:8443")
        #expect(ConnectivityTarget(host: "api.example.com", port: 443).description == "api.example.com:443")
    }

    // MARK: The wait

    @Test("after an offline failure the call waits for the network, and the resend spends no attempt, even a POST's")
    func resendAfterRestore() async throws {
        let monitor = ScriptedMonitor([.restored], takes: .seconds(5))
        let harness = Harness(Self.waiting(.never, monitor: monitor)) { attempt, request in
            guard attempt > 1 else { throw NetworkError(.notConnected, request: request) }
            return stubResponse(201, for: request)
        }
        let response = try await harness.send(try itemsRequest(.post))
        #expect(response.status.code == 201)
        // Sent again as soon as the network answered, with no backoff on top.
        #expect(harness.times.all == [.zero, .seconds(5)])
        #expect(harness.requests.all.map(\.options.attempt) == [1, 2])
        #expect(monitor.asked.all == [.seconds(60)])
        #expect(monitor.targets.all == [ConnectivityTarget(host: "api.example.com", port: 443)])
    }

    @Test("a network that answers at once makes the failure an ordinary one: retried after the backoff, as an attempt")
    func onlineIsAnOrdinaryRetry() async throws {
        let monitor = ScriptedMonitor([.online])
        let harness = Harness(Self.waiting(.constant(.seconds(3), maxAttempts: 2), monitor: monitor)) { _, request in
            throw NetworkError(.cannotConnect, request: request)
        }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .cannotConnect)
        #expect(error.attempt == 2)
        #expect(error.description.contains("2 attempts made"))
        #expect(harness.times.all == [.zero, .seconds(3)])
        #expect(monitor.asked.all == [.seconds(60), .seconds(60)])
    }

    @Test("a monitor that says restored without waiting on the clock gets an ordinary, counted retry, so resends cannot go on without end")
    func restoredAtOnceIsCounted() async throws {
        let monitor = ScriptedMonitor([.restored], takes: .zero)
        let harness = Harness(Self.waiting(.constant(.seconds(3), maxAttempts: 2), monitor: monitor)) { _, request in
            throw NetworkError(.cannotConnect, request: request)
        }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .cannotConnect)
        #expect(error.attempt == 2)
        #expect(harness.times.all == [.zero, .seconds(3)])
    }

    @Test("when the network does not come back within maxWait, the call fails with the last error, its kind unchanged, and says why")
    func offlineEndsTheCall() async throws {
        let monitor = ScriptedMonitor([.offline])
        let harness = Harness(Self.waiting(.constant(.seconds(1), maxAttempts: 5), maxWait: .seconds(30), monitor: monitor)) { _, request in
            throw NetworkError(.notConnected, request: request)
        }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .notConnected)
        #expect(error.attempt == 1)
        #expect(error.description.contains("the network did not come back within the wait for it (OfflineRetry.maxWait"))
        // No attempt was spent on the missing network: one attempt, and the whole wait on the clock.
        #expect(harness.times.all == [.zero])
        #expect(harness.elapsed == .seconds(30))
    }

    @Test("maxWait is shared by every wait of one call: a network that comes and goes cannot stretch it")
    func maxWaitIsShared() async throws {
        let monitor = ScriptedMonitor([.restored], takes: .seconds(4))
        let harness = Harness(Self.waiting(.never, maxWait: .seconds(10), monitor: monitor)) { _, request in
            throw NetworkError(.cannotConnect, request: request)
        }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .cannotConnect)
        #expect(error.attempt == 3)
        #expect(monitor.asked.all == [.seconds(10), .seconds(6), .seconds(2)])
        #expect(harness.times.all == [.zero, .seconds(4), .seconds(8)])
        #expect(harness.elapsed == .seconds(10))
    }

    @Test("the request's deadline cuts the wait for the network short")
    func deadlineCutsTheWait() async throws {
        let monitor = ScriptedMonitor([.restored], takes: .seconds(60))
        let harness = Harness(Self.waiting(.never, monitor: monitor), deadline: .seconds(5)) { _, request in
            throw NetworkError(.cannotConnect, request: request)
        }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == .cannotConnect)
        #expect(error.description.contains("(the deadline)"))
        #expect(monitor.asked.all == [.seconds(5)])
        #expect(harness.times.all == [.zero])
    }

    @Test("a timeout, a closed connection or a TLS failure never starts a wait", arguments: [
        NetworkError.Kind.timedOut, .connectionClosed, .tlsFailure,
    ])
    func otherFailuresDoNotWait(_ kind: NetworkError.Kind) async throws {
        let monitor = ScriptedMonitor([.restored])
        let harness = Harness(Self.waiting(.immediate(maxAttempts: 2), monitor: monitor)) { _, request in
            throw NetworkError(kind, request: request)
        }
        let error = try await #require(throws: NetworkError.self) { try await harness.send(try itemsRequest()) }
        #expect(error.kind == kind)
        #expect(monitor.asked.all.isEmpty)
        // The two retryable kinds are retried as before; a TLS failure is final.
        #expect(harness.times.all.count == (kind == .tlsFailure ? 1 : 2))
    }

    @Test("a single-pass body is not sent again after an offline failure, and no wait starts")
    func singlePassIsNotResent() async throws {
        let monitor = ScriptedMonitor([.restored])
        let harness = Harness(Self.waiting(.never, monitor: monitor)) { _, request in
            throw NetworkError(.cannotConnect, request: request)
        }
        var request = try itemsRequest(.post)
        request.body = .singlePass(AsyncStream { $0.yield(Data("x".utf8)); $0.finish() })
        let error = try await #require(throws: NetworkError.self) { try await harness.send(request) }
        #expect(error.kind == .cannotConnect)
        #expect(error.description.contains("single-pass"))
        #expect(monitor.asked.all.isEmpty)
        #expect(harness.times.all == [.zero])
    }
}
