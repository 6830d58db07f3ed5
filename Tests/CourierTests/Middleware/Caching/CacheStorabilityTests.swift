import Clocks
@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// Issue #23, items 4 and 8: which statuses a response may be stored with, and what a hit does with
/// cookies.
@Suite("Cache: storable statuses and cookies")
struct CacheStorabilityTests {
    typealias Rig = CachingMiddlewareTests.Rig

    /// Whether a second GET is answered from the cache after a first one answered `status` with `fields`.
    static func isStored(_ status: Int, _ fields: HTTPFields) async throws -> Bool {
        let rig = Rig { _ in (status, fields) }
        _ = try await rig.get()
        return try await rig.get().0.cacheStatus == .cache
    }

    static var now: String { HTTPDate.format(Date()) }

    // RFC 9111 §3: any final status with explicit freshness may be stored.
    @Test("a final status with explicit freshness is stored", arguments: [400, 404, 405, 410, 414, 500, 501, 502, 503, 504])
    func explicitFreshnessStoresAnyStatus(_ status: Int) async throws {
        #expect(try await Self.isStored(status, [.cacheControl: "max-age=60", .date: Self.now]))
        #expect(try await Self.isStored(status, [.expires: HTTPDate.format(Date().addingTimeInterval(60)), .date: Self.now]))
    }

    @Test("without explicit freshness only heuristically cacheable statuses are stored, and only with a way to tell freshness")
    func withoutExplicitFreshness() async throws {
        for (status, fields) in [(500, [HTTPField.Name.date: Self.now]), (400, [.eTag: "\"a\"", .date: Self.now])] {
            let rig = Rig { _ in (status, HTTPFields(fields.map { HTTPField(name: $0.key, value: $0.value) })) }
            _ = try await rig.get()
            #expect(rig.store.responses(forKey: CacheKeys.key(CachingMiddlewareTests.url)).isEmpty, "\(status)")
        }
        #expect(Freshness.mayStore(status: 404, explicit: false, control: CacheControl()))
        #expect(!Freshness.mayStore(status: 500, explicit: false, control: CacheControl()))
        #expect(Freshness.mayStore(status: 500, explicit: false, control: CacheControl([.cacheControl: "public"])))
        #expect(!Freshness.mayStore(status: 206, explicit: true, control: CacheControl()))
        #expect(!Freshness.mayStore(status: 304, explicit: true, control: CacheControl()))
    }

    // Decision (item 8): a hit never replays Set-Cookie. The jar stored the cookie when the response first
    // passed through it; replaying it would resurrect a cookie the user or the server has since deleted.
    @Test("a cache hit sets no cookie; the miss that stored the response did")
    func hitsSetNoCookies() async throws {
        let transport = RecordingTransport { request in
            var head = HTTPResponse(status: .ok)
            head.headerFields[.cacheControl] = "max-age=60"
            head.headerFields[.setCookie] = "session=abc; Path=/"
            return ClientResponse(head: head, body: ResponseBody(Data("x".utf8)), request: request)
        }
        let jar = CookieJar()
        let client = Client(transport: transport).caching(in: MemoryCacheStore()).storingCookies(in: jar)
        let url = try #require(URL(string: "https://api.test/profile"))
        let first = try await client.send(try ClientRequest(url: url.absoluteString))
        #expect(first.head.headerFields[.setCookie] == "session=abc; Path=/")
        #expect(jar.cookies(for: url).map(\.value) == ["abc"])
        jar.removeAll()
        let second = try await client.send(try ClientRequest(url: url.absoluteString))
        #expect(second.cacheStatus == .cache)
        #expect(second.head.headerFields[.setCookie] == nil)
        #expect(jar.cookies(for: url).isEmpty)
        #expect(transport.requests.count == 1)
    }
}
