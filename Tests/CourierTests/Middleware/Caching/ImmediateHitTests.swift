import Clocks
@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// The layers at the front of a chain that work without suspending (`ImmediateMiddleware`): a fresh hit
/// behind `.targeting` is answered by plain calls, and every other request enters the asynchronous chain
/// at the first layer that cannot answer at once, as that layer would have received it.
@Suite("Cache hits answered at the front of the chain")
struct ImmediateHitTests {
    static let server = Server(scheme: "http", host: "api.example.com")

    /// A cached, targeted client over a transport that answers GETs with `max-age=60`.
    struct Rig {
        let transport: RecordingTransport
        let clock = TestClock<Duration>()
        let client: Client

        init(store: any CacheStore = MemoryCacheStore(), cacheControl: String = "max-age=60", outer: (Client) -> Client = { $0 }) {
            let transport = RecordingTransport { request in
                ClientResponse(
                    head: HTTPResponse(status: .ok, headerFields: [.cacheControl: cacheControl]),
                    body: ResponseBody(Data("item".utf8)), request: request
                )
            }
            self.transport = transport
            client = outer(Client(transport: transport).caching(in: store, clock: clock).targeting(ImmediateHitTests.server))
        }

        /// Sends `request` the usual way, reading the body.
        func send(_ request: ClientRequest) async throws -> ClientResponse {
            let response = try await client.send(request)
            _ = try await response.body.collect(upTo: 1 << 16)
            return response
        }
    }

    /// A layer of the caller's own: `Middleware` only, so it runs in the asynchronous chain.
    struct Tagging: Middleware {
        func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
            var request = request
            request.head.headerFields[HTTPField.Name("X-Tag")!] = "1"
            return try await next(request)
        }
    }

    static func get(_ path: String = "/item") throws -> ClientRequest {
        try ClientRequest(.get, path: RequestPath(path))
    }

    @Test("a fresh hit is answered by the front, which made the request absolute the way .targeting does")
    func freshHitAnsweredAtOnce() async throws {
        let rig = Rig()
        _ = try await rig.send(Self.get())
        var request = try Self.get()
        guard case .answered(let response) = rig.client.route(&request) else {
            Issue.record("a fresh hit must be answered at once")
            return
        }
        #expect(request.url?.absoluteString == "http://api.example.com/item")
        #expect(response.cacheStatus == .cache)
        #expect(response.body.bufferedData == Data("item".utf8))
        #expect(response.request.url?.absoluteString == "http://api.example.com/item")
        #expect(rig.transport.requests.count == 1)
    }

    @Test("a miss, a stale entry, a POST, a conditional or a range request enters the chain at the cache, targeted")
    func othersEnterTheChainAtTheCache() async throws {
        let rig = Rig()
        var post = try ClientRequest(.post, path: RequestPath("/item"))
        post.body = .bytes(Data("x".utf8))
        var conditional = try Self.get()
        conditional.head.headerFields[.ifNoneMatch] = "\"v1\""
        var ranged = try Self.get()
        ranged.head.headerFields[.range] = "bytes=0-1"
        var reload = try Self.get()
        reload.options.cachePolicy = .reloadIgnoringCache

        var miss = try Self.get("/other")
        guard case .send(let next) = rig.client.route(&miss) else {
            Issue.record("a miss must go on to the chain")
            return
        }
        #expect(miss.url?.absoluteString == "http://api.example.com/other")
        // The chain it enters is the cache's: the response is stored, and the next request is a hit.
        let fetched = try await next(miss)
        #expect(fetched.cacheStatus == .network)
        _ = try await fetched.body.collect(upTo: 1 << 16)
        var again = try Self.get("/other")
        guard case .answered = rig.client.route(&again) else {
            Issue.record("what the chain stored must be a hit at once")
            return
        }

        _ = try await rig.send(Self.get())
        for var request in [post, conditional, ranged, reload] {
            guard case .send = rig.client.route(&request) else {
                Issue.record("\(request.method) \(request.head.headerFields) must go on to the chain")
                continue
            }
            #expect(request.url?.absoluteString == "http://api.example.com/item")
        }
        await rig.clock.advance(by: .seconds(61))
        var stale = try Self.get()
        guard case .send = rig.client.route(&stale) else {
            Issue.record("a stale entry must go on to the chain, which revalidates it")
            return
        }
        #expect(try await rig.send(Self.get()).cacheStatus == .network)
    }

    @Test("an outer layer that must suspend turns the front off: the whole chain gets the request unchanged")
    func outerAsynchronousLayerTurnsTheFrontOff() async throws {
        let rig = Rig { $0.with(Tagging()) }
        _ = try await rig.send(Self.get())
        var request = try Self.get()
        guard case .send = rig.client.route(&request) else {
            Issue.record("the front must be off when the outermost layer is not immediate")
            return
        }
        #expect(request.url == nil, "still relative: no layer ran")
        // The asynchronous chain still serves the hit.
        #expect(try await rig.send(Self.get()).cacheStatus == .cache)
        #expect(rig.transport.requests.count == 1)
    }

    @Test("a server with a bad default header: the front leaves the request alone, and sending throws invalidHeader")
    func badDefaultHeaderSuspends() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).caching(in: MemoryCacheStore())
            .targeting(Server(host: "example.com", headers: ["X-Bad": "a\r\nb"]))
        var request = try Self.get()
        guard case .send = client.route(&request) else {
            Issue.record("targeting must suspend when it would throw")
            return
        }
        #expect(request.url == nil)
        let error = await #expect(throws: NetworkError.self) { try await client.send(Self.get()) }
        #expect(error?.kind == .invalidHeader(name: "x-bad"))
        #expect(transport.requests.isEmpty)
    }

    @Test("a store that must suspend, and a disk store's record not in memory, are asked through the chain and still hit")
    func storesWithoutImmediateLookUps() async throws {
        let suspending = Rig(store: SuspendingCacheStore())
        _ = try await suspending.send(Self.get())
        var request = try Self.get()
        guard case .send = suspending.client.route(&request) else {
            Issue.record("an asynchronous store is never asked at once")
            return
        }
        #expect(try await suspending.send(Self.get()).cacheStatus == .cache)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-immediate-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = Rig(store: try DiskCacheStore(directory: directory, memoryBytes: 0))
        _ = try await disk.send(Self.get())
        var fromFile = try Self.get()
        guard case .send = disk.client.route(&fromFile) else {
            Issue.record("a record kept only in its file is read through the chain")
            return
        }
        #expect(try await disk.send(Self.get()).cacheStatus == .cache)
        #expect(disk.transport.requests.count == 1)

        let kept = Rig(store: try DiskCacheStore(directory: directory.appendingPathComponent("kept")))
        _ = try await kept.send(Self.get())
        var inMemory = try Self.get()
        guard case .answered(let response) = kept.client.route(&inMemory) else {
            Issue.record("a record the disk store keeps in memory is a hit at once")
            return
        }
        #expect(response.cacheStatus == .cache)
    }

    @Test("a hit answered at once still reports download progress and is decoded for an endpoint")
    func progressAndEndpointsOnImmediateHits() async throws {
        let rig = Rig()
        _ = try await rig.send(Self.get())
        var request = try Self.get()
        let seen = Recorded<TransferProgress>()
        request.options.onProgress = { seen.append($0) }
        let response = try await rig.client.send(request)
        #expect(response.cacheStatus == .cache)
        #expect(try await response.body.collect(upTo: 1 << 16) == Data("item".utf8))
        #expect(seen.all.last?.completedBytes == 4)
        #expect(seen.all.allSatisfy { $0.direction == .download })

        let (text, hit) = try await rig.client.response(Endpoint<String>(path: "/item"))
        #expect(text == "item")
        #expect(hit.cacheStatus == .cache)
        #expect(rig.transport.requests.count == 1)
    }
}
