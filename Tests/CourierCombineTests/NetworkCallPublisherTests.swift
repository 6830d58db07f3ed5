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

@Suite("Publishers of a NetworkCall's streams against the real local server", .timeLimit(.minutes(1)))
struct NetworkCallPublisherTests {
    @Test("values, errors, responses and in-flight publishers receive what fires produce; cancelling removes each subscriber")
    func firesReachSubscribers() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, server in
            // Fails once with 503, then answers.
            let feed = NetworkCall(client: client, endpoint: Endpoint<TestServer.FlakyReply>(path: "/flaky/feed", query: [
                URLQueryItem(name: "failures", value: "1"),
            ]))
            let values = Recorder<TestServer.FlakyReply, Never>()
            let errors = Recorder<any Error, Never>()
            let responses = Recorder<ClientResponse, Never>()
            let inFlight = Recorder<Bool, Never>()
            feed.valuesPublisher().subscribe(values)
            feed.errorsPublisher().subscribe(errors)
            feed.responsesPublisher().subscribe(responses)
            feed.inFlightPublisher().subscribe(inFlight)
            #expect(feed.subscriberCount == 4)

            let failed = await feed.fire().value
            let succeeded = await feed.fire().value
            #expect(throws: NetworkError.self) { try failed.get() }
            #expect(try succeeded.get() == TestServer.FlakyReply(attempt: 2, body: ""))

            await values.wait { $0.values.count == 1 }
            await errors.wait { $0.values.count == 1 }
            await responses.wait { $0.values.count == 2 }
            await inFlight.wait { $0.values.count == 4 }
            #expect(values.received.values == [TestServer.FlakyReply(attempt: 2, body: "")])
            #expect(errors.received.values.map { ($0 as? NetworkError)?.kind } == [.unacceptableStatus(503)])
            #expect(responses.received.values.map(\.status.code) == [503, 200])
            #expect(inFlight.received.values == [true, false, true, false])
            #expect(await server.hits("/flaky/feed") == 2)

            values.cancel()
            try await eventually { feed.subscriberCount == 3 }
            errors.cancel()
            responses.cancel()
            inFlight.cancel()
            try await eventually { feed.subscriberCount == 0 }
            // A cancelled subscription is not a finished stream: no completion was sent.
            #expect(values.received.completion == nil)
            #expect(errors.received.completion == nil)
        }
    }

    @Test("a subscriber that has asked for nothing yet is subscribed, and gets the fires it missed on asking")
    func demand() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, _ in
            let feed = NetworkCall(client: client, endpoint: Endpoint<TestServer.Echo>(path: "/echo/feed"))
            let values = Recorder<TestServer.Echo, Never>(initialDemand: .none)
            feed.valuesPublisher().subscribe(values)
            #expect(feed.subscriberCount == 1)

            _ = await feed.fire().value
            _ = await feed.fire().value
            #expect(values.received.values.isEmpty)

            values.request(.max(1))
            await values.wait { $0.values.count == 1 }
            values.request(.max(1))
            await values.wait { $0.values.count == 2 }
            #expect(values.received.values.map(\.path) == ["/echo/feed", "/echo/feed"])

            values.cancel()
            try await eventually { feed.subscriberCount == 0 }
        }
    }

    @Test("cancelling before asking for anything removes the subscriber")
    func cancelBeforeDemand() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, _ in
            let feed = NetworkCall(client: client, endpoint: Endpoint<TestServer.Echo>(path: "/echo"))
            let values = Recorder<TestServer.Echo, Never>(initialDemand: .none)
            feed.valuesPublisher().subscribe(values)
            #expect(feed.subscriberCount == 1)
            // A subscriber may keep its subscription after cancelling it: the stream must go all the same.
            let subscription = values.subscription
            values.cancel()
            try await eventually { feed.subscriberCount == 0 }
            withExtendedLifetime(subscription) {}
        }
    }

    @Test("replayingLatest: a late subscriber first gets the latest value")
    func replayingLatest() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, _ in
            let feed = NetworkCall(client: client, endpoint: Endpoint<TestServer.Echo>(path: "/echo/latest"))
            _ = await feed.fire().value
            let late = Recorder<TestServer.Echo, Never>()
            feed.valuesPublisher(replayingLatest: true).subscribe(late)
            await late.wait { $0.values.count == 1 }
            #expect(late.received.values.map(\.path) == ["/echo/latest"])
            late.cancel()
        }
    }

    @Test("when the NetworkCall goes away, its publishers finish")
    func callGoesAway() async throws {
        try await TransportUnderTest.asyncHTTPClient.withClient { client, _ in
            var feed: NetworkCall<TestServer.Echo>? = NetworkCall(client: client, endpoint: Endpoint<TestServer.Echo>(path: "/echo"))
            weak let weakFeed = feed
            let values = Recorder<TestServer.Echo, Never>()
            let inFlight = Recorder<Bool, Never>()
            feed!.valuesPublisher().subscribe(values)
            feed!.inFlightPublisher().subscribe(inFlight)
            feed = nil
            // The subscriptions hold their streams, not the call.
            #expect(weakFeed == nil)
            await values.waitForCompletion()
            await inFlight.waitForCompletion()
            #expect(values.received.finished)
            #expect(inFlight.received.finished)
        }
    }
}
