import Clocks
@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// The cache's edge cases that need a server answer the test server cannot give (a 304 without `Date`,
/// an `Age` of `inf`), over a transport that answers from a script. The everyday behaviour is tested
/// against the real server in `CachingConformanceTests`.
@Suite("The caching middleware's edge cases")
struct CachingMiddlewareTests {
    static let url = "http://api.example.com/item"

    /// A cached client whose transport answers every request with `answer`, and the clock it ages by.
    struct Rig {
        let transport: RecordingTransport
        let store = MemoryCacheStore()
        let clock = TestClock<Duration>()
        let client: Client

        init(answer: @escaping @Sendable (ClientRequest) -> (Int, HTTPFields)) {
            let transport = RecordingTransport { request in
                let (status, fields) = answer(request)
                let body = status == 304 || request.method != .get ? Data() : Data("body of \(request.method)".utf8)
                return ClientResponse(head: HTTPResponse(status: .init(code: status), headerFields: fields), body: ResponseBody(body), request: request)
            }
            self.transport = transport
            client = Client(transport: transport).caching(in: store, clock: clock)
        }

        func get(_ url: String = CachingMiddlewareTests.url, policy: CachePolicy = .useCache, headers: HTTPFields = [:]) async throws -> (ClientResponse, Data) {
            var request = try ClientRequest(.get, url: url)
            request.head.headerFields.append(contentsOf: headers)
            request.options.cachePolicy = policy
            let response = try await client.send(request)
            return (response, try await response.body.collect(upTo: 1 << 16))
        }
    }

    @Test("a 304 without Date is dated on arrival, so the refreshed response is fresh again")
    func notModifiedWithoutDate() async throws {
        let rig = Rig { request in
            if request.head.headerFields[.ifNoneMatch] != nil { return (304, [.cacheControl: "max-age=10"]) }
            return (200, [.cacheControl: "max-age=10", .eTag: "\"v1\"", .date: HTTPDate.format(Date())])
        }
        _ = try await rig.get()
        await rig.clock.advance(by: .seconds(20))
        let (revalidated, body) = try await rig.get()
        await rig.clock.advance(by: .seconds(5))
        let (fresh, _) = try await rig.get()
        #expect(revalidated.cacheStatus == .revalidated)
        #expect(body == Data("body of GET".utf8))
        #expect(fresh.cacheStatus == .cache)
        #expect(rig.transport.requests.count == 2)
    }

    @Test("an Age beyond 2^31 counts as 2^31: stale, never a crash (RFC 9111 §1.2.2)")
    func hugeAge() async throws {
        let rig = Rig { _ in (200, [.cacheControl: "max-age=60", .age: "99999999999999999999", .date: HTTPDate.format(Date())]) }
        _ = try await rig.get()
        let (second, _) = try await rig.get(policy: .returnCacheElseLoad)
        #expect(second.cacheStatus == .cache)
        #expect(second.head.headerFields[.age].flatMap { Int($0) } == 2_147_483_648)
        let (third, _) = try await rig.get()
        #expect(third.cacheStatus == .network)
    }

    @Test("an Age of inf or 1e400 is not delta-seconds: ignored, never a crash (RFC 9111 §5.1)", arguments: ["inf", "1e400"])
    func unreadableAge(_ age: String) async throws {
        let rig = Rig { _ in (200, [.cacheControl: "max-age=60", .age: age, .date: HTTPDate.format(Date())]) }
        _ = try await rig.get()
        let (second, _) = try await rig.get()
        #expect(second.cacheStatus == .cache)
        #expect(second.head.headerFields[.age] == "0")
        #expect(rig.transport.requests.count == 1)
    }

    @Test("stale-if-error never serves a response that said must-revalidate or no-cache", arguments: ["must-revalidate", "no-cache"])
    func staleIfErrorRespectsRevalidation(_ directive: String) async throws {
        let failing = Locked(false)
        let rig = Rig { _ in
            if failing.withLock({ $0 }) { return (503, [:]) }
            return (200, [.cacheControl: "max-age=1, \(directive), stale-if-error=300", .eTag: "\"v1\"", .date: HTTPDate.format(Date())])
        }
        _ = try await rig.get()
        failing.withLock { $0 = true }
        await rig.clock.advance(by: .seconds(10))
        let (response, _) = try await rig.get()
        #expect(response.status.code == 503)
        #expect(response.cacheStatus == .network)
    }

    @Test(".onlyFromCache never reaches the network: not for a POST, a range request or a relative URL")
    func onlyFromCacheNeverSends() async throws {
        let rig = Rig { _ in (200, [.cacheControl: "max-age=60"]) }
        var post = try ClientRequest(.post, url: Self.url)
        post.options.cachePolicy = .onlyFromCache
        var ranged = try ClientRequest(.get, url: Self.url)
        ranged.head.headerFields[.range] = "bytes=0-1"
        ranged.options.cachePolicy = .onlyFromCache
        for request in [post, ranged] {
            let error = await #expect(throws: NetworkError.self) { try await rig.client.send(request) }
            #expect(error?.kind == .notCached)
        }
        #expect(rig.transport.requests.isEmpty)
    }

    @Test("a request's no-store forbids storing, not reading, so .onlyFromCache still answers from the store")
    func noStoreStillReads() async throws {
        let rig = Rig { _ in (200, [.cacheControl: "max-age=60"]) }
        _ = try await rig.get()
        let (response, _) = try await rig.get(policy: .onlyFromCache, headers: [.cacheControl: "no-store"])
        #expect(response.cacheStatus == .cache)
        #expect(rig.transport.requests.count == 1)
    }

    @Test("a GET whose body ends after a POST to the same client invalidated is not stored")
    func inFlightAfterInvalidation() async throws {
        let rig = Rig { _ in (200, [.cacheControl: "max-age=60"]) }
        let pending = try await rig.client.send(ClientRequest(.get, url: Self.url))
        _ = try await rig.client.send(ClientRequest(.post, url: Self.url)).body.collect(upTo: 1 << 16)
        _ = try await pending.body.collect(upTo: 1 << 16)
        #expect(rig.store.count == 0)
        let (next, _) = try await rig.get()
        #expect(next.cacheStatus == .network)
        #expect(rig.store.count == 1)
    }

    @Test("a Location spelled with the default port, another case or lowercase escapes invalidates the same entry")
    func invalidationByEquivalentLocation() async throws {
        let stored = "http://api.example.com/items/a%2Fb"
        let rig = Rig { request in
            request.method == .post ? (201, [.location: "HTTP://API.example.com:80/items/a%2fb"]) : (200, [.cacheControl: "max-age=60"])
        }
        _ = try await rig.get(stored)
        #expect(rig.store.count == 1)
        _ = try await rig.client.send(ClientRequest(.post, url: "http://api.example.com/items")).body.collect(upTo: 1 << 16)
        #expect(rig.store.count == 0)
        #expect(CacheKeys.url("/x?q=%e2", relativeTo: "https://h.example:443/") == "https://h.example/x?q=%E2")
    }

    @Test("hits within one second share a head; the next second's hits say the new Age, and a changed entry its new fields")
    func servedHeadFollowsAgeAndEntry() async throws {
        let rig = Rig { _ in (200, [.cacheControl: "max-age=600", .eTag: "\"v1\""]) }
        _ = try await rig.get()
        let first = try await rig.get().0
        let sameSecond = try await rig.get().0
        #expect(first.head.headerFields[.age] == "0")
        #expect(sameSecond.head == first.head)
        await rig.clock.advance(by: .seconds(7))
        let later = try await rig.get().0
        #expect(later.head.headerFields[.age] == "7")
        #expect(later.head.headerFields[.contentLength] == "\(Data("body of GET".utf8).count)")
        // A store that changes the entry's fields serves the new ones, not the head made before.
        let key = try #require(CacheKeys.key(of: try ClientRequest(.get, url: Self.url)))
        rig.store.updateResponses(forKey: key) { variants in
            variants.map { variant in
                var changed = variant
                changed.headerFields.append(.init(name: "X-Changed", value: "yes"))
                return changed
            }
        }
        let changed = try await rig.get().0
        #expect(changed.head.headerFields[HTTPField.Name("X-Changed")!] == "yes")
        #expect(changed.head.headerFields[.age] == "7")
        #expect(rig.transport.requests.count == 1)
    }

    @Test("more stored responses than a thread keeps copies of, hit in turn from many tasks: each hit carries its own fields, body and Age")
    func servedCopiesOfManyEntries() async throws {
        let transport = RecordingTransport { request in
            let path = request.head.path ?? ""
            let fields: HTTPFields = [.cacheControl: "max-age=600", .eTag: "\"\(path)\""]
            return ClientResponse(head: HTTPResponse(status: .ok, headerFields: fields), body: ResponseBody(Data("body of \(path)".utf8)), request: request)
        }
        let clock = TestClock<Duration>()
        let client = Client(transport: transport).caching(in: MemoryCacheStore(), clock: clock)
        let paths = (0..<12).map { "/item/\($0)" }
        for path in paths { _ = try await client.send(try ClientRequest(.get, url: "http://api.example.com" + path)).body.collect(upTo: 1 << 16) }
        for age in [3, 5] {
            await clock.advance(by: .seconds(age == 3 ? 3 : 2))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<32 {
                    group.addTask {
                        for round in 0..<24 {
                            let path = paths[(task + round) % paths.count]
                            let response = try await client.send(try ClientRequest(.get, url: "http://api.example.com" + path))
                            let body = try await response.body.collect(upTo: 1 << 16)
                            #expect(response.cacheStatus == .cache)
                            #expect(response.head.headerFields[.eTag] == "\"\(path)\"")
                            #expect(response.head.headerFields[.age] == "\(age)")
                            #expect(body == Data("body of \(path)".utf8))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(transport.requests.count == paths.count)
    }

    @Test("a thread's copies: a head made once per stored response and age, its own copy of a small body, none of a large one")
    func servedCopiesOnOneThread() {
        let serial = ServedCopies.makeSerial(), other = ServedCopies.makeSerial(), large = ServedCopies.makeSerial()
        var made = 0
        func head(_ age: Int) -> HTTPResponse {
            made += 1
            return HTTPResponse(status: .ok, headerFields: [.age: String(age)])
        }
        let small = Data("small".utf8)
        let first = ServedCopies.served(serial: serial, age: 1, body: small) { head(1) }
        let again = ServedCopies.served(serial: serial, age: 1, body: Data("not read".utf8)) { head(1) }
        #expect(made == 1)
        #expect(again.head == first.head && again.body == small, "the same age serves the thread's copies")
        let older = ServedCopies.served(serial: serial, age: 2, body: small) { head(2) }
        #expect(made == 2)
        #expect(older.head.headerFields[.age] == "2" && older.body == small)
        let another = ServedCopies.served(serial: other, age: 2, body: Data("other".utf8)) { head(2) }
        #expect(made == 3, "another stored response at the same age has a head of its own")
        #expect(another.body == Data("other".utf8))
        let big = Data(repeating: 0x62, count: 10_000)
        let bigServed = ServedCopies.served(serial: large, age: 1, body: big) { head(1) }
        let bigAgain = ServedCopies.served(serial: large, age: 1, body: Data(repeating: 0x63, count: 10_000)) { head(1) }
        #expect(bigServed.body == big)
        #expect(bigAgain.body == Data(repeating: 0x63, count: 10_000), "a large body is never kept: the caller's value is served")
    }
}
