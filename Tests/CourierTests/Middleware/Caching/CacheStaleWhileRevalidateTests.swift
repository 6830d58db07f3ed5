import Clocks
@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue #23, item 5: `stale-while-revalidate` (RFC 5861 §3) is applied, and `stale-if-error` covers
/// network errors as well as 5xx.
@Suite("Cache: stale-while-revalidate and stale-if-error")
struct CacheStaleWhileRevalidateTests {
    typealias Rig = CachingMiddlewareTests.Rig

    static func rig(_ control: String) -> Rig {
        Rig { request in
            // No Date on the 304: the cache dates it on arrival, on the test clock (the wall clock lags it).
            if request.head.headerFields[.ifNoneMatch] != nil { return (304, [.cacheControl: control]) }
            return (200, [.cacheControl: control, .eTag: "\"v1\"", .date: HTTPDate.format(Date())])
        }
    }

    @Test("within the window a stale response is served at once and revalidated in the background, once")
    func servesStaleAndRevalidates() async throws {
        let rig = Self.rig("max-age=10, stale-while-revalidate=60")
        _ = try await rig.get()
        await rig.clock.advance(by: .seconds(20))                      // stale by 10 s, within 60 s
        let (stale, body) = try await rig.get()
        #expect(stale.cacheStatus == .cache)
        #expect(body == Data("body of GET".utf8))
        #expect(Int(stale.head.headerFields[.age] ?? "") == 20)
        try await eventually { rig.transport.requests.count == 2 }
        #expect(rig.transport.requests[1].head.headerFields[.ifNoneMatch] == "\"v1\"")
        // The background task stores the refreshed entry after its request: wait until it is in place.
        try await eventually {
            let age = try? await rig.get(policy: .returnCacheElseLoad).0.head.headerFields[.age]
            return age == "0"
        }
        // The 304 refreshed the entry: fresh again, no further request.
        let (fresh, _) = try await rig.get()
        #expect(fresh.cacheStatus == .cache)
        #expect(Int(fresh.head.headerFields[.age] ?? "") == 0)
        #expect(rig.transport.requests.count == 2)
    }

    @Test("past the window, or with must-revalidate, the caller waits for the revalidation", arguments: [
        ("max-age=10, stale-while-revalidate=5", 20), ("max-age=10, stale-while-revalidate=60, must-revalidate", 20),
    ])
    func pastTheWindow(_ control: String, _ seconds: Int) async throws {
        let rig = Self.rig(control)
        _ = try await rig.get()
        await rig.clock.advance(by: .seconds(Int64(seconds)))
        let (response, _) = try await rig.get()
        #expect(response.cacheStatus == .revalidated)
        #expect(rig.transport.requests.count == 2)
    }

    @Test("stale-if-error serves the stale response for a network error, not only a 5xx")
    func staleIfErrorOnNetworkError() async throws {
        let failing = Locked(false)
        let transport = RecordingTransport { request in
            if failing.withLock({ $0 }) { throw NetworkError(.cannotConnect, message: "refused.") }
            var head = HTTPResponse(status: .ok)
            head.headerFields[.cacheControl] = "max-age=10, stale-if-error=60"
            head.headerFields[.date] = HTTPDate.format(Date())
            return ClientResponse(head: head, body: ResponseBody(Data("saved".utf8)), request: request)
        }
        let clock = TestClock<Duration>()
        let client = Client(transport: transport).caching(in: MemoryCacheStore(), clock: clock)
        _ = try await client.send(try ClientRequest(url: CachingMiddlewareTests.url))
        failing.withLock { $0 = true }
        await clock.advance(by: .seconds(30))
        let response = try await client.send(try ClientRequest(url: CachingMiddlewareTests.url))
        #expect(response.cacheStatus == .cache)
        #expect(try await response.body.collect(upTo: 100) == Data("saved".utf8))
        await clock.advance(by: .seconds(60))                          // past the window: the error comes through
        let error = await #expect(throws: NetworkError.self) { try await client.send(try ClientRequest(url: CachingMiddlewareTests.url)) }
        #expect(error?.kind == .cannotConnect)
    }
}
