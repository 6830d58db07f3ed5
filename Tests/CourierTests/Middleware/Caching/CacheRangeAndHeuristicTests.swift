import Clocks
@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// Issue #23, items 6 and 7: a range request answered from a stored full response, and the heuristic
/// freshness setting (on by default since issue #39).
@Suite("Cache: ranges from stored responses, heuristic freshness")
struct CacheRangeAndHeuristicTests {
    typealias Rig = CachingMiddlewareTests.Rig

    static func fresh() -> Rig {
        Rig { _ in (200, [.cacheControl: "max-age=60", .date: HTTPDate.format(Date())]) }
    }

    /// The stored body is "body of GET" (11 bytes).
    @Test("one byte range of a fresh stored 200 is a 206 cut from it, without the network", arguments: [
        ("bytes=0-3", "body", "bytes 0-3/11"), ("bytes=5-", "of GET", "bytes 5-10/11"),
        ("bytes=-3", "GET", "bytes 8-10/11"), ("bytes=8-100", "GET", "bytes 8-10/11"),
    ])
    func rangeFromStoredResponse(_ range: String, _ body: String, _ contentRange: String) async throws {
        let rig = Self.fresh()
        _ = try await rig.get()
        let (partial, data) = try await rig.get(headers: [.range: range])
        #expect(partial.status.code == 206)
        #expect(partial.head.headerFields[.contentRange] == contentRange)
        #expect(partial.head.headerFields[.contentLength] == String(body.utf8.count))
        #expect(data == Data(body.utf8))
        #expect(partial.cacheStatus == .cache)
        #expect(rig.transport.requests.count == 1)
    }

    @Test("several ranges, a range past the end, If-Range or a stale response go to the server", arguments: [
        "bytes=0-1,4-5", "bytes=20-", "bytes=5-2", "items=0-1", "bytes=-0",
    ])
    func rangesTheServerAnswers(_ range: String) async throws {
        let rig = Self.fresh()
        _ = try await rig.get()
        _ = try await rig.get(headers: [.range: range])
        #expect(rig.transport.requests.count == 2)
        _ = try await rig.get(headers: [.range: "bytes=0-1", .ifRange: "\"v1\""])
        #expect(rig.transport.requests.count == 3)
        await rig.clock.advance(by: .seconds(61))
        _ = try await rig.get(headers: [.range: "bytes=0-1"])
        #expect(rig.transport.requests.count == 4)
        // Nothing the server answered to a range request was stored over the full response.
        #expect(try await rig.get(policy: .returnCacheElseLoad).1 == Data("body of GET".utf8))
    }

    // RFC 9111 §4.2.2, as browsers do it.
    @Test("heuristic freshness is on by default, 10% of the age since Last-Modified, and off with .withoutHeuristics")
    func heuristicFreshness() async throws {
        let date = Date()
        let fiveDaysAgo = HTTPDate.format(date.addingTimeInterval(-5 * 86_400))
        let answer: @Sendable (ClientRequest) -> (Int, HTTPFields) = { _ in (200, [.lastModified: fiveDaysAgo, .date: HTTPDate.format(date)]) }
        let transport = RecordingTransport { request in
            let (status, fields) = answer(request)
            return ClientResponse(head: HTTPResponse(status: .init(code: status), headerFields: fields), body: ResponseBody(Data("x".utf8)), request: request)
        }
        let strict = Client(transport: transport).caching(in: MemoryCacheStore(), configuration: .withoutHeuristics, clock: TestClock())
        _ = try await strict.send(try ClientRequest(url: CachingMiddlewareTests.url))
        #expect(try await strict.send(try ClientRequest(url: CachingMiddlewareTests.url)).cacheStatus != .cache)
        let before = transport.requests.count

        let clock = TestClock<Duration>()
        let client = Client(transport: transport).caching(in: MemoryCacheStore(), clock: clock)
        _ = try await client.send(try ClientRequest(url: CachingMiddlewareTests.url))
        #expect(try await client.send(try ClientRequest(url: CachingMiddlewareTests.url)).cacheStatus == .cache)
        await clock.advance(by: .seconds(43_190))          // 10% of five days is 43,200 s: still fresh
        #expect(try await client.send(try ClientRequest(url: CachingMiddlewareTests.url)).cacheStatus == .cache)
        await clock.advance(by: .seconds(20))              // past it
        _ = try await client.send(try ClientRequest(url: CachingMiddlewareTests.url))
        #expect(transport.requests.count == before + 2)
    }
}
