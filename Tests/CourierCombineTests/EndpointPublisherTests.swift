import Courier
import CourierCombine
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@Suite("Publishers of calls and endpoints against the real local server", .timeLimit(.minutes(1)))
struct EndpointPublisherTests {
    @Test("a publisher delivers exactly one value, then finishes", arguments: TransportUnderTest.allCases)
    func oneValue(_ kind: TransportUnderTest) async throws {
        try await kind.withClient { client, server in
            let recorder = Recorder<[TestArticle], NetworkError>()
            client.publisher(for: Endpoint<[TestArticle]>(path: "/articles")).subscribe(recorder)
            await recorder.waitForCompletion()
            let received = recorder.received
            #expect(received.values == [TestArticle.fixtures])
            #expect(received.finished)
            #expect(await server.hits("/articles") == 1)
        }
    }

    @Test("a Call's publisher runs the call for its subscriber: one value, then finished")
    func callPublisher() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, server in
            let call = Endpoint<TestServer.Echo>(method: .post, path: "/echo/call", body: .json(["n": 1])).call(on: client)
                .map(\.method)
            let recorder = Recorder<String, any Error>()
            call.publisher.subscribe(recorder)
            await recorder.waitForCompletion()
            let received = recorder.received
            #expect(received.values == ["POST"])
            #expect(received.finished)
            #expect(await server.hits("/echo/call") == 1)
        }
    }

    @Test("lazy: nothing is sent until a subscriber asks for a value; each subscription sends again")
    func laziness() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, server in
            let publisher = Endpoint<TestServer.Echo>(path: "/echo/lazy").publisher(on: client)
            let held = Recorder<TestServer.Echo, NetworkError>(initialDemand: .none)
            publisher.subscribe(held)
            // A request sent and answered after the subscription: the held one would have arrived too.
            _ = try await client.send(Endpoint<TestServer.Echo>(path: "/echo/marker"))
            #expect(await server.hits("/echo/lazy") == 0)
            #expect(held.received.values.isEmpty)

            held.request(.max(1))
            await held.waitForCompletion()
            #expect(held.received.values.map(\.path) == ["/echo/lazy"])
            #expect(await server.hits("/echo/lazy") == 1)

            let again = Recorder<TestServer.Echo, NetworkError>()
            publisher.subscribe(again)
            await again.waitForCompletion()
            #expect(again.received.finished)
            #expect(await server.hits("/echo/lazy") == 2)
        }
    }

    @Test("lazy: making a Call's publisher runs nothing; two subscriptions run the call twice")
    func callLaziness() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, server in
            let runs = Counter()
            let call = Call<TestServer.Echo> {
                runs.increment()
                return try await client.send(Endpoint<TestServer.Echo>(path: "/echo/twice"))
            }
            let publisher = call.publisher
            #expect(runs.value == 0)

            let first = Recorder<TestServer.Echo, any Error>()
            let second = Recorder<TestServer.Echo, any Error>()
            publisher.subscribe(first)
            publisher.subscribe(second)
            await first.waitForCompletion()
            await second.waitForCompletion()
            #expect(first.received.values.count == 1)
            #expect(second.received.values.count == 1)
            #expect(runs.value == 2)
            #expect(await server.hits("/echo/twice") == 2)
        }
    }

    @Test("an error status fails with unacceptableStatus and delivers no value", arguments: TransportUnderTest.allCases, [404, 500])
    func errorStatus(_ kind: TransportUnderTest, _ code: Int) async throws {
        try await kind.withClient { client, _ in
            let recorder = Recorder<TestServer.Echo, NetworkError>()
            client.publisher(for: Endpoint<TestServer.Echo>(path: "/status/\(code)")).subscribe(recorder)
            await recorder.waitForCompletion()
            let received = recorder.received
            #expect(received.values.isEmpty)
            #expect(received.failure?.kind == .unacceptableStatus(code))
            #expect(received.failure?.response?.status.code == code)
        }
    }

    @Test("a Call's publisher fails with the error the call threw")
    func callFailure() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, _ in
            let recorder = Recorder<TestServer.Echo, any Error>()
            Endpoint<TestServer.Echo>(path: "/status/503").call(on: client).publisher.subscribe(recorder)
            await recorder.waitForCompletion()
            let received = recorder.received
            #expect(received.values.isEmpty)
            #expect((received.failure as? NetworkError)?.kind == .unacceptableStatus(503))
        }
    }

    @Test("cancelling the subscription cancels the request, and the server sees the client go away", arguments: TransportUnderTest.allCases)
    func cancellation(_ kind: TransportUnderTest) async throws {
        try await kind.withClient { client, server in
            let recorder = Recorder<Data, NetworkError>()
            client.publisher(for: Self.endlessDrip).subscribe(recorder)
            await server.waitForHit(on: "/drip")
            weak let subscription = recorder.subscription.map { $0 as AnyObject }
            recorder.cancel()

            // Only a cancelled transfer ends before the suite's time limit.
            await server.waitForDisconnect(on: "/drip")
            // The task that sent the request has ended and let go of the subscription…
            try await eventually { subscription == nil }
            // …without delivering anything after the cancellation, not even a completion.
            let received = recorder.received
            #expect(received.values.isEmpty)
            #expect(received.completion == nil)
        }
    }

    @Test("cancelling a Call's subscription cancels the task running the call: the request ends as cancelled", arguments: TransportUnderTest.allCases)
    func callCancellation(_ kind: TransportUnderTest) async throws {
        try await kind.withClient { client, server in
            let endings = ErrorLog()
            let call = Call<Data> { try await endings.recording { try await client.send(Self.endlessDrip) } }
            let recorder = Recorder<Data, any Error>()
            call.publisher.subscribe(recorder)
            await server.waitForHit(on: "/drip")
            recorder.cancel()

            let ending = await endings.first()
            #expect((ending as? NetworkError)?.kind == .cancelled)
            await server.waitForDisconnect(on: "/drip")
            #expect(recorder.received.completion == nil)
        }
    }

    /// 1 200 drops 50 ms apart: a minute, more than the suite's time limit, unless the client goes away.
    static let endlessDrip = Endpoint<Data>(path: "/drip", query: [
        URLQueryItem(name: "chunks", value: "1200"), URLQueryItem(name: "interval", value: "50"),
    ])

    @Test("a finished subscription lets go of its subscriber, and nothing keeps it alive")
    func noLeakAfterCompletion() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, _ in
            var recorder: Recorder<TestServer.Echo, NetworkError>? = Recorder()
            client.publisher(for: Endpoint<TestServer.Echo>(path: "/echo")).subscribe(recorder!)
            await recorder!.waitForCompletion()
            #expect(recorder!.received.finished)
            weak let subscription = recorder!.subscription.map { $0 as AnyObject }
            weak let subscriber = recorder
            // The recorder still holds its subscription, as a sink does: dropping it must free both.
            recorder = nil
            try await eventually { subscriber == nil && subscription == nil }
        }
    }
}

/// A count that a `Call` bumps from whatever task runs it.
final class Counter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is touched only under `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
