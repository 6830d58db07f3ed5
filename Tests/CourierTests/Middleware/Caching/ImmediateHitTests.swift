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
        guard case .answered(let response) = try rig.client.open(&request) else {
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
        guard case .send(let next) = try rig.client.open(&miss) else {
            Issue.record("a miss must go on to the chain")
            return
        }
        #expect(miss.url?.absoluteString == "http://api.example.com/other")
        // The chain it enters is the cache's: the response is stored, and the next request is a hit.
        let fetched = try await next(miss)
        #expect(fetched.cacheStatus == .network)
        _ = try await fetched.body.collect(upTo: 1 << 16)
        var again = try Self.get("/other")
        guard case .answered = try rig.client.open(&again) else {
            Issue.record("what the chain stored must be a hit at once")
            return
        }

        _ = try await rig.send(Self.get())
        for var request in [post, conditional, ranged, reload] {
            guard case .send = try rig.client.open(&request) else {
                Issue.record("\(request.method) \(request.head.headerFields) must go on to the chain")
                continue
            }
            #expect(request.url?.absoluteString == "http://api.example.com/item")
        }
        await rig.clock.advance(by: .seconds(61))
        var stale = try Self.get()
        guard case .send = try rig.client.open(&stale) else {
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
        guard case .send = try rig.client.open(&request) else {
            Issue.record("the front must be off when the outermost layer is not immediate")
            return
        }
        #expect(request.url == nil, "still relative: no layer ran")
        // The asynchronous chain still serves the hit.
        #expect(try await rig.send(Self.get()).cacheStatus == .cache)
        #expect(rig.transport.requests.count == 1)
    }

    @Test("a server with a bad default header: the front throws invalidHeader at once, and nothing is sent")
    func badDefaultHeaderThrowsAtOnce() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).caching(in: MemoryCacheStore())
            .targeting(Server(host: "example.com", headers: ["X-Bad": "a\r\nb"]))
        var request = try Self.get()
        let opened = #expect(throws: NetworkError.self) { try client.open(&request) }
        #expect(opened?.kind == .invalidHeader(name: "x-bad"))
        #expect(request.url == nil, "the front changed nothing before it threw")
        let error = await #expect(throws: NetworkError.self) { try await client.send(Self.get()) }
        #expect(error?.kind == .invalidHeader(name: "x-bad"))
        #expect(transport.requests.isEmpty)
    }

    /// Stores a response through `rig`, then requires the front to leave the next request to the chain,
    /// which answers it from the cache with no second request to the server.
    static func expectHitThroughTheChain(_ rig: Rig, _ why: String) async throws {
        _ = try await rig.send(Self.get())
        var request = try Self.get()
        guard case .send = try rig.client.open(&request) else {
            Issue.record(Comment(rawValue: why))
            return
        }
        #expect(try await rig.send(Self.get()).cacheStatus == .cache)
        #expect(rig.transport.requests.count == 1)
    }

    @Test("a store that must suspend, and a disk store's record not in memory, are asked through the chain and still hit")
    func storesWithoutImmediateLookUps() async throws {
        try await Self.expectHitThroughTheChain(Rig(store: SuspendingCacheStore()), "an asynchronous store is never asked at once")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-immediate-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.expectHitThroughTheChain(
            Rig(store: try DiskCacheStore(directory: directory, memoryBytes: 0)), "a record kept only in its file is read through the chain"
        )

        let kept = Rig(store: try DiskCacheStore(directory: directory.appendingPathComponent("kept")))
        _ = try await kept.send(Self.get())
        var inMemory = try Self.get()
        guard case .answered(let response) = try kept.client.open(&inMemory) else {
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

    /// One step of a script, and what a client answered to it.
    struct Step: Sendable {
        var method: HTTPRequest.Method = .get
        var path = "/item"
        var headers: HTTPFields = [:]
        var policy: CachePolicy = .useCache
        /// Seconds the clock moves before the step.
        var wait = 0
    }

    struct Outcome: Equatable, CustomStringConvertible {
        let status: Int?
        let cacheStatus: CacheStatus?
        let age: String?
        let body: Data?
        let error: NetworkError.Kind?
        var description: String { "\(status.map(String.init) ?? "-") \(cacheStatus.map { "\($0)" } ?? "-") age \(age ?? "-") \(error.map { "\($0)" } ?? "")" }
    }

    /// Runs `steps` through a cached, targeted client over a server whose answers vary by path and by
    /// `Vary`; `frontOn` false adds an outer pass-through layer, so every request takes the asynchronous chain.
    /// (No `stale-while-revalidate` here: its background request lands at a time of its own; a stale entry
    /// never takes the front, and `CacheStaleWhileRevalidateTests` pins it.)
    static func run(_ steps: [Step], frontOn: Bool, store: any CacheStore) async throws -> ([Outcome], [String]) {
        let transport = RecordingTransport { request in
            var fields: HTTPFields = [.cacheControl: request.head.path == "/short" ? "max-age=5" : "max-age=60"]
            if request.head.path == "/vary" { fields[.vary] = "Accept-Language" }
            if request.head.path == "/private" { fields = [.cacheControl: "private, max-age=60"] }
            fields[.eTag] = "\"v1\""
            if request.head.headerFields[.ifNoneMatch] != nil {
                return ClientResponse(head: HTTPResponse(status: .notModified, headerFields: fields), request: request)
            }
            let language = request.head.headerFields[.acceptLanguage] ?? ""
            return ClientResponse(
                head: HTTPResponse(status: .ok, headerFields: fields),
                body: ResponseBody(Data("\(request.method) \(request.head.path ?? "") \(language)".utf8)), request: request
            )
        }
        let clock = TestClock<Duration>()
        var client = Client(transport: transport).caching(in: store, clock: clock).targeting(server)
        if !frontOn { client = client.with(Tagging()) }
        var outcomes: [Outcome] = []
        for step in steps {
            if step.wait > 0 { await clock.advance(by: .seconds(step.wait)) }
            var request = try ClientRequest(step.method, path: RequestPath(step.path))
            request.head.headerFields.append(contentsOf: step.headers)
            request.options.cachePolicy = step.policy
            do {
                let response = try await client.send(request)
                let body = try await response.body.collect(upTo: 1 << 16)
                outcomes.append(Outcome(status: response.status.code, cacheStatus: response.cacheStatus, age: response.head.headerFields[.age], body: body, error: nil))
            } catch let error as NetworkError {
                outcomes.append(Outcome(status: nil, cacheStatus: nil, age: nil, body: nil, error: error.kind))
            }
        }
        let sent = transport.requests.map { "\($0.method) \($0.url?.absoluteString ?? "") \($0.head.headerFields[.ifNoneMatch] ?? "")" }
        return (outcomes, sent)
    }

    enum StoreKind: String, CaseIterable, Sendable {
        case memory, disk

        func make(_ directory: URL) throws -> any CacheStore {
            switch self {
            case .memory: MemoryCacheStore()
            case .disk: try DiskCacheStore(directory: directory)
            }
        }
    }

    @Test("a script of requests gets the same answers, and sends the same requests, with the front on and off", arguments: StoreKind.allCases)
    func frontMatchesTheAsynchronousChain(_ kind: StoreKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-front-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let steps: [Step] = [
            Step(), Step(), Step(method: .head), Step(headers: [.cacheControl: "no-cache"]), Step(headers: [.cacheControl: "max-age=0"]),
            Step(headers: [.pragma: "no-cache"]), Step(path: "/none", headers: [.cacheControl: "only-if-cached"]),
            Step(headers: [.cacheControl: "no-store"]), Step(policy: .reloadIgnoringCache), Step(policy: .onlyFromCache),
            Step(path: "/none", policy: .onlyFromCache), Step(headers: [.range: "bytes=0-2"]), Step(headers: [.ifNoneMatch: "\"v1\""]),
            Step(path: "/vary", headers: [.acceptLanguage: "de"]), Step(path: "/vary", headers: [.acceptLanguage: "de"]),
            Step(path: "/vary", headers: [.acceptLanguage: "en"]), Step(path: "/vary", headers: [.acceptLanguage: "en"]),
            Step(headers: [.authorization: "Bearer a"]), Step(headers: [.authorization: "Bearer a"]),
            Step(path: "/private"), Step(path: "/private"),
            Step(path: "/short"), Step(path: "/short", wait: 3), Step(path: "/short", wait: 3),
            Step(path: "/short", headers: [.cacheControl: "max-stale=100"], wait: 10), Step(path: "/short", policy: .returnCacheElseLoad, wait: 10),
            Step(headers: [.cacheControl: "min-fresh=100"]),
            Step(method: .post), Step(), Step(method: .delete), Step(),
            Step(wait: 61), Step(),
        ]
        let (on, sentOn) = try await Self.run(steps, frontOn: true, store: kind.make(directory.appendingPathComponent("on")))
        let (off, sentOff) = try await Self.run(steps, frontOn: false, store: kind.make(directory.appendingPathComponent("off")))
        for (index, (a, b)) in zip(on, off).enumerated() {
            #expect(a == b, "step \(index): \(steps[index].method) \(steps[index].path) \(steps[index].headers) \(steps[index].policy)")
        }
        #expect(sentOn == sentOff)
        // The script does reach the cache both ways: hits, revalidations and misses.
        #expect(on.contains { $0.cacheStatus == .cache } && on.contains { $0.cacheStatus == .revalidated } && on.contains { $0.cacheStatus == .network })
    }
}
