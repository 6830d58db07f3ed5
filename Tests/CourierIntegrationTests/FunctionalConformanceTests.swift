import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// The API of the Bow talk's example, as endpoints: nothing here knows which client will send them.
enum HomeAPI {
    static let profile = Endpoint<TestProfile>(path: "/profile")

    static func articles(tag: String) -> Endpoint<[TestArticle]> {
        Endpoint(path: "/articles", query: [URLQueryItem(name: "tag", value: tag)])
    }
}

/// What the home screen shows: built from the profile and the articles its tag selects.
struct Home: Sendable, Equatable {
    var greeting: String
    var titles: [String]
}

/// The profile, then the articles its favourite tag selects, then the home value: a call that needs a
/// client, given later.
let homeCall: EnvironmentCall<Client, Home> = HomeAPI.profile.flatMap { profile in
    HomeAPI.articles(tag: profile.favoriteTag).map { articles in
        Home(greeting: "Hello, \(profile.name)", titles: articles.map(\.title))
    }
}

/// Sends `path` (a slow `/drip`: 3,000 bytes, 5 ms apart) and opens `gate` once the response head has arrived, then reads the body to its end.
private func streamed(_ client: Client, _ path: String, opening gate: Gate) -> Call<Int> {
    Call {
        let drip = [URLQueryItem(name: "chunks", value: "3000"), URLQueryItem(name: "interval", value: "5")]
        let response = try await client.send(try ClientRequest(.get, path: RequestPath(path), query: drip))
        await gate.open()
        return try await response.body.collect(upTo: 1 << 20).count
    }
}

@Suite("The functional layer against the real local server (issue #8)", .timeLimit(.minutes(1)))
struct FunctionalConformanceTests {
    @Test("a Call sends nothing until run, and sends again on every run", arguments: TransportUnderTest.allCases)
    func lazyAndRerunnable(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let call = Endpoint<TestServer.Echo>(path: "/echo/lazy").call(on: client).map(\.path)
            #expect(await server.hits("/echo/lazy") == 0)
            let first = try await call.run()
            #expect(first == "/echo/lazy")
            #expect(await server.hits("/echo/lazy") == 1)
            _ = try await call.run()
            #expect(await server.hits("/echo/lazy") == 2)
        }
    }

    @Test("zip runs its parts at once: the server has both requests in flight together", arguments: TransportUnderTest.allCases)
    func zipIsParallel(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let held = Endpoint<Data>(path: "/hold/zip").call(on: client)
            let task = Task { try await zip(held, held.map(\.count)).run() }
            try await eventually { await server.inFlight("/hold/zip") == 2 }
            await server.release("zip")
            _ = try await task.value
            #expect(await server.maxInFlight("/hold/zip") == 2)
        }
    }

    @Test("one failing part of a zip cancels the others: the server sees their client go away", arguments: TransportUnderTest.allCases)
    func zipFailureCancels(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let streaming = Gate()
            let failing = Call<Data> {
                await streaming.wait()
                return try await client.send(Endpoint<Data>(path: "/status/500"))
            }
            let outcome = await zip(streamed(client, "/drip/zip-failure", opening: streaming), failing).result()
            #expect(outcome.failureKind == .unacceptableStatus(500))
            await server.waitForDisconnect(on: "/drip/zip-failure")
            #expect(await server.disconnects("/drip/zip-failure") == 1)
        }
    }

    @Test("cancelling a zipped call cancels every part", arguments: TransportUnderTest.allCases)
    func cancellingZipCancelsAll(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let (first, second) = (Gate(), Gate())
            let task = Task {
                await zip(
                    streamed(client, "/drip/zip-a", opening: first),
                    streamed(client, "/drip/zip-b", opening: second)
                ).result()
            }
            await first.wait()
            await second.wait()
            task.cancel()
            let outcome = await task.value
            #expect(outcome.failureKind == .cancelled)
            await server.waitForDisconnect(on: "/drip/zip-a")
            await server.waitForDisconnect(on: "/drip/zip-b")
        }
    }

    @Test("the Bow talk's flow: profile, then its tag's articles, then home — live and stubbed, same code", arguments: TransportUnderTest.allCases)
    func bowFlow(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let live = try await homeCall.provide(client).run()
            #expect(live.greeting == "Hello, Ada")
            #expect(live.titles == TestArticle.fixtures.filter { $0.tags.contains("concurrency") }.map(\.title))
            #expect(await server.hits("/profile") == 1)
            #expect(await server.hits("/articles") == 1)
        }
        let stubbed = Client(transport: StubTransport()
            .stub(.get, "/profile", with: .json(#"{"name":"Grace","favoriteTag":"compilers"}"#))
            .stub(.get, "/articles", query: ["tag": "compilers"], with: .json(#"[{"id":9,"title":"A-0","tags":["compilers"]}]"#))
        ).targeting(Server(host: "api.example.com"))
        let home = try await homeCall.provide(stubbed).run()
        #expect(home == Home(greeting: "Hello, Grace", titles: ["A-0"]))
    }

    @Test("NetworkCall: values, errors and in-flight subscribers over three fires, one failing", arguments: TransportUnderTest.allCases)
    func networkCallSubscribers(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var feed: NetworkCall<TestServer.FlakyReply>? = NetworkCall(client: client, endpoint: Endpoint(path: "/flaky/feed", query: [URLQueryItem(name: "failures", value: "1")]))
            let values = Task { [stream = feed!.values()] in await stream.reduce(into: [Int]()) { $0.append($1.attempt) } }
            let errors = Task { [stream = feed!.errors()] in await stream.reduce(into: [NetworkError.Kind?]()) { $0.append(($1 as? NetworkError)?.kind) } }
            let activity = Task { [stream = feed!.inFlight()] in await stream.reduce(into: [Bool]()) { $0.append($1) } }
            for _ in 0..<3 { _ = await feed!.fire().value }

            let late = feed!.values(replayingLatest: true)
            var lateIterator = late.makeAsyncIterator()
            let replayed = await lateIterator.next()
            #expect(replayed?.attempt == 3)

            #expect(feed!.subscriberCount == 4)
            feed = nil
            #expect(await values.value == [2, 3])
            #expect(await errors.value == [.unacceptableStatus(503)])
            #expect(await activity.value == [true, false, true, false, true, false])
            #expect(await server.hits("/flaky/feed") == 3)
        }
    }

    @Test("a subscriber that stops listening is dropped, and one added later sees only later fires")
    func networkCallSubscriberLifetimes() async throws {
        try await withClient(.asyncHTTPClient) { client, _ in
            let feed = NetworkCall(client: client, endpoint: Endpoint<TestServer.Echo>(path: "/echo/feed"))
            _ = await feed.fire().value
            let listener = Task { [stream = feed.values()] in
                for await _ in stream { return true }
                return false
            }
            #expect(feed.subscriberCount == 1)
            listener.cancel()
            #expect(await listener.value == false)
            try await eventually { feed.subscriberCount == 0 }

            let later = feed.values()
            _ = await feed.fire().value
            var iterator = later.makeAsyncIterator()
            let seen = await iterator.next()
            #expect(seen?.path == "/echo/feed")
        }
    }

    @Test("a conditional layer applies to the matching host only: the server sees the header on one and not on the other")
    func conditionalLayer() async throws {
        try await withTwoServers(.asyncHTTPClient) { transport, first, second in
            let client = Client(transport: transport)
                .when(.host("127.0.0.1:\(first.port)")) { $0.with(StampHeader(name: "X-Conditional", value: "applied")) }
            let onFirst = try await client.targeting(first.server).send(Endpoint<TestServer.Echo>(path: "/echo"))
            let onSecond = try await client.targeting(second.server).send(Endpoint<TestServer.Echo>(path: "/echo"))
            #expect(onFirst.headers["x-conditional"] == "applied")
            #expect(onSecond.headers["x-conditional"] == nil)
        }
    }
}
