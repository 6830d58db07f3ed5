import Clocks
import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// One cached client against one test server, with a test clock that only the test moves.
struct CacheRig: Sendable {
    let server: TestServer
    let store: MemoryCacheStore
    let clock: TestClock<Duration>
    let client: Client

    /// What one GET of `/cache/{key}?{query}` returned: the reply (nil for a status other than 200) and where it came from.
    struct Fetched: Sendable {
        var reply: TestServer.CacheReply?
        var status: Int
        var cacheStatus: CacheStatus
        var head: HTTPResponse
    }

    func url(_ key: String, _ query: String) -> String {
        "\(server.baseURL)/cache/\(key)?\(query)"
    }

    func get(
        _ key: String, _ query: String, method: HTTPRequest.Method = .get,
        headers: [String: String] = [:], policy: CachePolicy = .useCache
    ) async throws -> Fetched {
        var request = try ClientRequest(method, url: url(key, query))
        for (name, value) in headers { try request.setHeader(name, value) }
        request.options.cachePolicy = policy
        let response = try await client.send(request)
        let body = try await response.body.collect(upTo: 1 << 20)
        let reply = response.status == .ok && method == .get ? try JSONDecoder().decode(TestServer.CacheReply.self, from: body) : nil
        return Fetched(reply: reply, status: response.status.code, cacheStatus: response.cacheStatus, head: response.head)
    }

    func hits(_ key: String) async -> Int {
        await server.hits("/cache/\(key)")
    }

    static func with(
        _ kind: TransportUnderTest = .asyncHTTPClient,
        wrap: @escaping @Sendable (Client) -> Client = { $0 },
        _ body: (CacheRig) async throws -> Void
    ) async throws {
        try await withServer(kind) { transport, server in
            let store = MemoryCacheStore()
            let clock = TestClock<Duration>()
            let client = wrap(Client(transport: transport).with(ServerDateFollowing(clock: clock)).caching(in: store, clock: clock))
            try await body(CacheRig(server: server, store: store, clock: clock, client: client))
        }
    }
}

@Suite("The HTTP cache against the real local server (RFC 9111, RELIABILITY 46)", .timeLimit(.minutes(1)))
struct CachingConformanceTests {
    @Test("a fresh response is served without a server hit; once stale without validators it is fetched again", arguments: TransportUnderTest.allCases)
    func freshHit(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let first = try await rig.get("fresh", "cc=max-age%3D60")
            await rig.clock.advance(by: .seconds(30))
            let second = try await rig.get("fresh", "cc=max-age%3D60")
            #expect(first.cacheStatus == .network)
            #expect(second.cacheStatus == .cache)
            #expect(second.reply == first.reply)
            #expect(second.head.headerFields[.age].flatMap { Int($0) } ?? 0 >= 30)
            #expect(await rig.hits("fresh") == 1)

            await rig.clock.advance(by: .seconds(31))
            let third = try await rig.get("fresh", "cc=max-age%3D60")
            #expect(third.cacheStatus == .network)
            #expect(third.reply?.serial == 2)
            #expect(await rig.hits("fresh") == 2)
        }
    }

    @Test("Expires counts from Date; an invalid Expires is already stale")
    func expires() async throws {
        try await CacheRig.with { rig in
            _ = try await rig.get("expires", "expires=120")
            await rig.clock.advance(by: .seconds(60))
            #expect(try await rig.get("expires", "expires=120").cacheStatus == .cache)
            _ = try await rig.get("invalid", "expires=invalid")
            #expect(try await rig.get("invalid", "expires=invalid").cacheStatus == .network)
            #expect(await rig.hits("expires") == 1)
            #expect(await rig.hits("invalid") == 2)
        }
    }

    @Test("a stale response is revalidated with If-None-Match: one hit, 304, the stored body as a 200", arguments: TransportUnderTest.allCases)
    func revalidateETag(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let first = try await rig.get("etag", "cc=max-age%3D60&etag=1")
            await rig.clock.advance(by: .seconds(61))
            let second = try await rig.get("etag", "cc=max-age%3D60&etag=1")
            #expect(second.cacheStatus == .revalidated)
            #expect(second.status == 200)
            #expect(second.reply == first.reply)
            #expect(second.reply?.serial == 1)
            #expect(await rig.hits("etag") == 2)
            // The 304 refreshed the entry: fresh again for another 60 s.
            let third = try await rig.get("etag", "cc=max-age%3D60&etag=1")
            #expect(third.cacheStatus == .cache)
            #expect(await rig.hits("etag") == 2)
        }
    }

    @Test("a stale response with only Last-Modified is revalidated with If-Modified-Since")
    func revalidateLastModified() async throws {
        try await CacheRig.with { rig in
            _ = try await rig.get("lm", "cc=max-age%3D10&lm=1")
            await rig.clock.advance(by: .seconds(11))
            let second = try await rig.get("lm", "cc=max-age%3D10&lm=1")
            #expect(second.cacheStatus == .revalidated)
            #expect(second.reply?.serial == 1)
            #expect(await rig.hits("lm") == 2)
        }
    }

    @Test("no-store on the response or on the request is never stored", arguments: TransportUnderTest.allCases)
    func noStore(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            _ = try await rig.get("no-store", "cc=no-store")
            let again = try await rig.get("no-store", "cc=no-store")
            #expect(again.cacheStatus == .network)
            #expect(again.reply?.serial == 2)

            _ = try await rig.get("asked", "cc=max-age%3D60", headers: ["Cache-Control": "no-store"])
            let after = try await rig.get("asked", "cc=max-age%3D60")
            #expect(after.cacheStatus == .network)
            #expect(await rig.hits("asked") == 2)
            #expect(rig.store.count == 1, "only the second 'asked' response is stored")
        }
    }

    @Test("no-cache is stored but revalidated before every use")
    func noCache() async throws {
        try await CacheRig.with { rig in
            _ = try await rig.get("no-cache", "cc=no-cache&etag=1")
            let second = try await rig.get("no-cache", "cc=no-cache&etag=1")
            let third = try await rig.get("no-cache", "cc=no-cache&etag=1")
            #expect(second.cacheStatus == .revalidated)
            #expect(third.cacheStatus == .revalidated)
            #expect(third.reply?.serial == 1)
            #expect(await rig.hits("no-cache") == 3)
            // A request's own no-cache revalidates a fresh entry.
            _ = try await rig.get("fresh", "cc=max-age%3D60&etag=1")
            let asked = try await rig.get("fresh", "cc=max-age%3D60&etag=1", headers: ["Cache-Control": "no-cache"])
            #expect(asked.cacheStatus == .revalidated)
            #expect(await rig.hits("fresh") == 2)
        }
    }

    @Test("Vary on Accept-Language keeps two variants, each served to its own language", arguments: TransportUnderTest.allCases)
    func varyTwoVariants(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let query = "cc=max-age%3D60&vary=Accept-Language"
            let german = try await rig.get("vary", query, headers: ["Accept-Language": "de"])
            let english = try await rig.get("vary", query, headers: ["Accept-Language": "en"])
            let germanAgain = try await rig.get("vary", query, headers: ["accept-language": "de"])
            let englishAgain = try await rig.get("vary", query, headers: ["Accept-Language": "en"])
            let none = try await rig.get("vary", query)
            #expect(german.reply?.varied == ["accept-language": "de"])
            #expect(english.reply?.varied == ["accept-language": "en"])
            #expect(germanAgain.cacheStatus == .cache)
            #expect(germanAgain.reply == german.reply)
            #expect(englishAgain.cacheStatus == .cache)
            #expect(englishAgain.reply == english.reply)
            #expect(none.cacheStatus == .network, "no Accept-Language is a third variant")
            #expect(await rig.hits("vary") == 3)
        }
    }

    @Test("Vary across several fields must match on all of them; Vary: * is never served")
    func varySeveralAndStar() async throws {
        try await CacheRig.with { rig in
            let query = "cc=max-age%3D60&vary=Accept-Language,X-Tenant"
            _ = try await rig.get("multi", query, headers: ["Accept-Language": "de", "X-Tenant": "a"])
            let otherTenant = try await rig.get("multi", query, headers: ["Accept-Language": "de", "X-Tenant": "b"])
            let same = try await rig.get("multi", query, headers: ["X-TENANT": "a", "Accept-Language": "de"])
            #expect(otherTenant.cacheStatus == .network)
            #expect(same.cacheStatus == .cache)
            _ = try await rig.get("star", "cc=max-age%3D60&vary=*")
            #expect(try await rig.get("star", "cc=max-age%3D60&vary=*").cacheStatus == .network)
            #expect(await rig.hits("star") == 2)
        }
    }

    @Test("a successful POST invalidates its URL and same-origin Location and Content-Location; a failed one does not", arguments: TransportUnderTest.allCases)
    func invalidation(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let query = "cc=max-age%3D60"
            for key in ["item", "listing", "described", "kept"] { _ = try await rig.get(key, query) }

            var post = try ClientRequest(.post, url: rig.url("item", query))
            post.body = .text("{}")
            _ = try await rig.client.send(post).body.collect(upTo: 1 << 16)
            let item = try await rig.get("item", query)
            #expect(item.cacheStatus == .network)
            #expect(item.reply?.version == 2)

            let other = "\(rig.server.baseURL)/cache/other?location=%2Fcache%2Flisting%3Fcc%3Dmax-age%253D60&contentLocation=\(rig.url("described", query).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            _ = try await rig.client.send(ClientRequest(.put, url: other)).body.collect(upTo: 1 << 16)
            #expect(try await rig.get("listing", query).cacheStatus == .network)
            #expect(try await rig.get("described", query).cacheStatus == .network)

            _ = try await rig.client.send(ClientRequest(.delete, url: rig.url("kept", query) + "&status=500")).body.collect(upTo: 1 << 16)
            #expect(try await rig.get("kept", query).cacheStatus == .cache)
        }
    }

    @Test("the four request policies: use the cache, reload, the cache even if stale, only the cache")
    func policies() async throws {
        try await CacheRig.with { rig in
            let query = "cc=max-age%3D60&etag=1"
            _ = try await rig.get("p", query)
            let reloaded = try await rig.get("p", query, policy: .reloadIgnoringCache)
            #expect(reloaded.cacheStatus == .network)
            #expect(reloaded.reply?.serial == 2)
            #expect(try await rig.get("p", query).reply?.serial == 2, "the reloaded answer was stored")

            await rig.clock.advance(by: .seconds(600))
            let stale = try await rig.get("p", query, policy: .returnCacheElseLoad)
            #expect(stale.cacheStatus == .cache)
            #expect(stale.reply?.serial == 2)
            let offline = try await rig.get("p", query, policy: .onlyFromCache)
            #expect(offline.cacheStatus == .cache)
            #expect(await rig.hits("p") == 2)

            let loaded = try await rig.get("missing", query, policy: .returnCacheElseLoad)
            #expect(loaded.cacheStatus == .network)
            let error = await #expect(throws: NetworkError.self) {
                try await rig.get("never", query, policy: .onlyFromCache)
            }
            #expect(error?.kind == .notCached)
            #expect(await rig.hits("never") == 0)
        }
    }

    @Test("a response for one credential is never served to another credential or to none (RELIABILITY 46)", arguments: TransportUnderTest.allCases)
    func credentials(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let query = "cc=public,max-age%3D60"
            let alice = try await rig.get("me", query, headers: ["Authorization": "Bearer alice"])
            let bob = try await rig.get("me", query, headers: ["Authorization": "Bearer bob"])
            let anonymous = try await rig.get("me", query)
            let aliceAgain = try await rig.get("me", query, headers: ["Authorization": "Bearer alice"])
            let cookie = try await rig.get("me", query, headers: ["Cookie": "session=alice"])
            #expect(bob.cacheStatus == .network)
            #expect(bob.reply?.authorization == "Bearer bob")
            #expect(anonymous.cacheStatus == .network)
            #expect(anonymous.reply?.authorization == nil)
            #expect(aliceAgain.cacheStatus == .cache)
            #expect(aliceAgain.reply?.authorization == "Bearer alice")
            #expect(alice.reply == aliceAgain.reply)
            #expect(cookie.cacheStatus == .network)
            #expect(await rig.hits("me") == 4)
        }
    }

    @Test("an authenticated response is stored only if it says public, s-maxage or must-revalidate (RFC 9111 §3.5)")
    func authenticatedStorage() async throws {
        try await CacheRig.with { rig in
            _ = try await rig.get("plain", "cc=max-age%3D60", headers: ["Authorization": "Bearer alice"])
            #expect(try await rig.get("plain", "cc=max-age%3D60", headers: ["Authorization": "Bearer alice"]).cacheStatus == .network)
            _ = try await rig.get("shared", "cc=s-maxage%3D60,max-age%3D60", headers: ["Authorization": "Bearer alice"])
            #expect(try await rig.get("shared", "cc=s-maxage%3D60,max-age%3D60", headers: ["Authorization": "Bearer alice"]).cacheStatus == .cache)
            // `private` is for this cache: stored without credentials.
            _ = try await rig.get("private", "cc=private,max-age%3D60")
            #expect(try await rig.get("private", "cc=private,max-age%3D60").cacheStatus == .cache)
        }
    }

    @Test("credentials added below the cache are not in its key, so the response is never stored")
    func credentialsBelowTheCache() async throws {
        try await withServer(.asyncHTTPClient) { transport, server in
            let store = MemoryCacheStore()
            let client = Client(transport: transport)
                .authorizing(with: .bearer("alice"))
                .caching(in: store, clock: TestClock())
            for _ in 0..<2 {
                let response = try await client.send(ClientRequest(.get, url: "\(server.baseURL)/cache/below?cc=public,max-age%3D60"))
                _ = try await response.body.collect(upTo: 1 << 16)
                #expect(response.cacheStatus == .network)
            }
            #expect(store.count == 0)
            #expect(await server.hits("/cache/below") == 2)
        }
    }

    @Test("a 206 to a request without Range is never stored; a 200 to a range request is the whole, stored and cut")
    func partial() async throws {
        try await CacheRig.with { rig in
            _ = try await rig.get("partial", "cc=max-age%3D60&partial=1")
            #expect(try await rig.get("partial", "cc=max-age%3D60&partial=1").status == 206)
            #expect(await rig.hits("partial") == 2)
            // The server ignores Range: its 200 is the whole representation (RFC 9110 §14.2), which the
            // next range request is cut from.
            _ = try await rig.get("ranged", "cc=max-age%3D60", headers: ["Range": "bytes=0-9"])
            let cut = try await rig.get("ranged", "cc=max-age%3D60", headers: ["Range": "bytes=0-9"])
            #expect(cut.cacheStatus == .cache && cut.status == 206)
            #expect(await rig.hits("ranged") == 1)
            #expect(rig.store.count == 1)
        }
    }

    @Test("Set-Cookie is never replayed from the cache")
    func setCookie() async throws {
        try await CacheRig.with { rig in
            let first = try await rig.get("cookie", "cc=max-age%3D60&cookie=1")
            let second = try await rig.get("cookie", "cc=max-age%3D60&cookie=1")
            #expect(first.head.headerFields[.setCookie] == "session=1")
            #expect(second.cacheStatus == .cache)
            #expect(second.head.headerFields[.setCookie] == nil)
        }
    }

    @Test("stale-if-error serves the stale response for a 5xx within its window, and not after")
    func staleIfError() async throws {
        try await CacheRig.with { rig in
            let query = "cc=max-age%3D60,stale-if-error%3D300&etag=1"
            let first = try await rig.get("sie", query)
            await rig.server.failCache("sie", status: 503)
            await rig.clock.advance(by: .seconds(120))
            let rescued = try await rig.get("sie", query)
            #expect(rescued.cacheStatus == .cache)
            #expect(rescued.reply == first.reply)
            await rig.clock.advance(by: .seconds(300))
            let failed = try await rig.get("sie", query)
            #expect(failed.status == 503)
            #expect(failed.cacheStatus == .network)
            #expect(await rig.hits("sie") == 3)
        }
    }

    @Test("HEAD is answered from the stored GET response, without a body")
    func head() async throws {
        try await CacheRig.with { rig in
            let url = rig.url("head", "cc=max-age%3D60")
            let stored = try await rig.client.send(ClientRequest(.get, url: url)).body.collect(upTo: 1 << 16)
            let head = try await rig.client.send(ClientRequest(.head, url: url))
            let body = try await head.body.collect(upTo: 1 << 16)
            #expect(head.cacheStatus == .cache)
            #expect(head.status == .ok)
            #expect(body.isEmpty)
            #expect(head.head.headerFields[.contentLength] == String(stored.count))
            #expect(await rig.hits("head") == 1)
        }
    }

    @Test("1,000 concurrent GETs of a cacheable URL after one warm-up reach the server zero times")
    func thousandConcurrent() async throws {
        try await CacheRig.with { rig in
            let warm = try await rig.get("hot", "cc=max-age%3D60")
            let served = try await withThrowingTaskGroup(of: CacheRig.Fetched.self) { group in
                for _ in 0..<1_000 {
                    group.addTask { try await rig.get("hot", "cc=max-age%3D60") }
                }
                return try await group.reduce(into: [CacheRig.Fetched]()) { $0.append($1) }
            }
            #expect(served.count == 1_000)
            #expect(served.allSatisfy { $0.cacheStatus == .cache && $0.reply == warm.reply })
            #expect(await rig.hits("hot") == 1, "the warm-up only")
        }
    }

    @Test("a disk store serves across a restart of the client")
    func diskAcrossRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withServer(.asyncHTTPClient) { transport, server in
            let request = try ClientRequest(.get, url: "\(server.baseURL)/cache/disk?cc=max-age%3D60")
            let before = Client(transport: transport).caching(in: try DiskCacheStore(directory: directory), clock: TestClock())
            let first = try await before.send(request).body.collect(upTo: 1 << 16)
            let restarted = Client(transport: transport).caching(in: try DiskCacheStore(directory: directory), clock: TestClock())
            let response = try await restarted.send(request)
            let second = try await response.body.collect(upTo: 1 << 16)
            #expect(second == first)
            #expect(response.cacheStatus == .cache)
            #expect(await server.hits("/cache/disk") == 1)
        }
    }

    @Test("a gzip body is stored as the transport decoded it, once, without its Content-Encoding; the body limit still applies (RELIABILITY 47)", arguments: TransportUnderTest.allCases)
    func decodedOnce(_ kind: TransportUnderTest) async throws {
        var fixture = try DecodingConformanceTests.fixture("zeros-4MiB")
        fixture.headers["Cache-Control"] = "max-age=60"
        try await TestServer.withRunning(fixtures: ["zeros": fixture]) { server in
            try await kind.with(asyncHTTPClient: .init(decompression: .enabled(maxRatio: 2_000))) { transport in
                var configuration = CacheConfiguration()
                configuration.maxEntrySize = 8 * 1024 * 1024
                let client = Client(transport: transport)
                    .caching(in: MemoryCacheStore(maxBytes: 16 * 1024 * 1024), configuration: configuration, clock: TestClock())
                    .targeting(server.server)
                let (first, firstResponse) = try await client.response(Endpoint<Data>(path: "/fixtures/zeros"))
                let (second, secondResponse) = try await client.response(Endpoint<Data>(path: "/fixtures/zeros"))
                #expect(first.count == 4 * 1024 * 1024)
                #expect(first.allSatisfy { $0 == 0 })
                #expect(second == first)
                #expect(secondResponse.cacheStatus == .cache)
                #expect(firstResponse.head.headerFields[.contentEncoding] == nil)
                #expect(secondResponse.head.headerFields[.contentEncoding] == nil)
                #expect(secondResponse.head.headerFields[.contentLength] == String(first.count))

                var options = RequestOptions()
                options.maxResponseBodySize = 1024 * 1024
                let error = await #expect(throws: NetworkError.self) {
                    try await client.send(Endpoint<Data>(path: "/fixtures/zeros", options: options))
                }
                #expect(error?.kind == .bodyTooLarge)
                #expect(await server.hits("/fixtures/zeros") == 1)
            }
        }
    }
}
