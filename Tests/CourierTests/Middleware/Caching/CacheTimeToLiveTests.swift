import Clocks
@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// Issue #23, item 10: a time-to-live that overrides a response's own freshness, per request or per host.
@Suite("Cache: time-to-live overrides")
struct CacheTimeToLiveTests {
    /// A transport that answers 200 with no caching headers at all.
    static func bare() -> RecordingTransport {
        RecordingTransport { request in ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(Data("x".utf8)), request: request) }
    }

    @Test("a request's cacheTimeToLive makes a response without caching headers fresh for that long")
    func perRequest() async throws {
        let transport = Self.bare()
        let clock = TestClock<Duration>()
        let client = Client(transport: transport).caching(in: MemoryCacheStore(), clock: clock)
        var request = try ClientRequest(url: "https://api.test/countries")
        request.options.cacheTimeToLive = .seconds(300)
        _ = try await client.send(request)
        await clock.advance(by: .seconds(299))
        #expect(try await client.send(request).cacheStatus == .cache)
        await clock.advance(by: .seconds(2))
        #expect(try await client.send(request).cacheStatus == .network)
        // Without it, the same response is not even stored.
        let plain = Client(transport: transport).caching(in: MemoryCacheStore(), clock: clock)
        _ = try await plain.send(try ClientRequest(url: "https://api.test/countries"))
        #expect(try await plain.send(try ClientRequest(url: "https://api.test/countries")).cacheStatus == .network)
    }

    @Test("a time-to-live never stores an error or an authenticated response")
    func neverErrorsOrCredentials() async throws {
        let failing = RecordingTransport { request in ClientResponse(head: HTTPResponse(status: .serviceUnavailable), request: request) }
        var configuration = CacheConfiguration()
        configuration.timeToLive = ["API.test": .seconds(60)]        // keys compare without case
        let store = MemoryCacheStore()
        let client = Client(transport: failing).caching(in: store, configuration: configuration)
        _ = try await client.send(try ClientRequest(url: "https://api.test/a"))
        #expect(try await client.send(try ClientRequest(url: "https://api.test/a")).cacheStatus == .network)
        #expect(failing.requests.count == 2)

        let transport = Self.bare()
        let authenticated = Client(transport: transport).caching(in: MemoryCacheStore(), configuration: configuration)
        let signedIn = try ClientRequest(url: "https://api.test/me", headers: ["Authorization": "Bearer t"])
        _ = try await authenticated.send(signedIn)
        #expect(try await authenticated.send(signedIn).cacheStatus == .network)
        _ = try await authenticated.send(try ClientRequest(url: "https://api.test/public"))
        #expect(try await authenticated.send(try ClientRequest(url: "https://api.test/public")).cacheStatus == .cache)
    }

    @Test("a host's time-to-live applies to its responses only, and a request's own wins")
    func perHost() async throws {
        let transport = Self.bare()
        let clock = TestClock<Duration>()
        var configuration = CacheConfiguration()
        configuration.timeToLive = ["api.test": .seconds(60)]
        let client = Client(transport: transport).caching(in: MemoryCacheStore(), configuration: configuration, clock: clock)
        _ = try await client.send(try ClientRequest(url: "https://API.test:8443/a"))
        _ = try await client.send(try ClientRequest(url: "https://other.test/a"))
        await clock.advance(by: .seconds(30))
        #expect(try await client.send(try ClientRequest(url: "https://API.test:8443/a")).cacheStatus == .cache)
        #expect(try await client.send(try ClientRequest(url: "https://other.test/a")).cacheStatus == .network)
        var short = try ClientRequest(url: "https://api.test/b")
        short.options.cacheTimeToLive = .seconds(10)
        _ = try await client.send(short)
        await clock.advance(by: .seconds(11))
        #expect(try await client.send(short).cacheStatus == .network)
    }
}
