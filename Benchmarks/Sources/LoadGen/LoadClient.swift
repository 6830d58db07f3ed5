import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import NIOSSL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The clients the harness compares, each measured in a process of its own.
enum LoadClient: String, CaseIterable, Sendable {
    /// `HTTPClient.execute(_:timeout:)` + `body.collect(upTo:)`.
    case rawAHC = "raw-ahc"
    /// The same with AsyncHTTPClient's own tracing off, as in the `HTTPClient` Courier's transport makes.
    case rawAHCUntraced = "raw-ahc-untraced"
    /// `HTTPClient.execute(_:timeout:)` + `body.collect(upTo:)`, then `JSONDecoder` into ``Item``.
    case rawAHCJSON = "raw-ahc-json"
    /// The same, writing by hand the two lines `.logging(to:)` writes (without redaction) into the
    /// discarding handler at info: what logging costs a raw client that logs as the realistic stack does.
    case rawAHCJSONLogged = "raw-ahc-json-logged"
    /// `Client(transport: AsyncHTTPClientTransport(…)).targeting(server)` sending `Endpoint<Data>`. Every client sends `?q=<n>`, its own value per request.
    case courierBare = "courier-bare"
    /// The realistic stack, `Endpoint<Item>` decoded, a query value per request.
    case courierRealistic = "courier-realistic"
    /// The same stack with `runsLayersOnEventLoops` on.
    case courierRealisticLoops = "courier-realistic-loops"
    /// The four layers issue #36 compares (the realistic stack without duplicate removal): `.logging(to:)`,
    /// `.retrying(.default)`, `.reportingMetrics(to:)`, `.authorizing(with: .bearer(…))`, `Endpoint<Item>` decoded.
    case courierFour = "courier-four"
    /// Raw AsyncHTTPClient doing the work of those four layers by hand, then `JSONDecoder` (``HandwrittenClient``).
    case rawAHCHandwritten = "raw-ahc-handwritten"
    /// A client in the shape swift-openapi-generator emits, over swift-openapi-async-http-client's transport, with
    /// the same four layers as `ClientMiddleware`s (``OpenAPIItemClient``).
    case openAPIAHC = "openapi-ahc"
    /// `URLSession.data(for:)`, ephemeral session.
    case rawURLSession = "raw-urlsession"
    /// `Client(transport: URLSessionTransport(…)).targeting(server)` sending `Endpoint<Data>`.
    case courierURLSession = "courier-urlsession"
    /// `AsyncHTTPClientTransport.send(_:)` alone with a prebuilt absolute request: the transport's own cost.
    case courierTransport = "courier-transport"
    /// Courier bare plus one built-in layer, to cost each layer alone over the wire.
    case courierLogging = "courier-logging"
    case courierRetrying = "courier-retrying"
    case courierMetrics = "courier-metrics"
    case courierDedup = "courier-dedup"
    case courierAuth = "courier-auth"
    /// Courier bare plus a layer a user writes (``UserWrittenLayers.swift``): a bearer header in the synchronous
    /// form, to set against `courier-auth`; the two log lines as an observer, to set against `courier-logging`.
    case courierUserHeader = "courier-user-header"
    case courierUserObserver = "courier-user-observer"
    /// A layer that only calls the next one (`LOADGEN_LAYERS=pass,pass,…` with `courier-stub`): what a hop costs.
    case courierPass = "courier-pass"
    /// Courier bare with the layers named in `LOADGEN_LAYERS` (comma-separated, innermost first: logging,
    /// retrying, metrics, dedup, auth), decoding `Endpoint<Item>` when `LOADGEN_DECODE=1`: to find which
    /// combination costs what.
    case courierCustom = "courier-custom"
    /// The layers of `LOADGEN_LAYERS` (and `LOADGEN_DECODE`) over a transport that answers at once with the
    /// same document as a one-chunk stream: what the layers cost without any I/O (`--url` is only named).
    case courierStub = "courier-stub"
    /// Cache hits: `Client(transport:).caching(in:).targeting(server)` sending `Endpoint<Data>` for
    /// `/cached/item.json` (fresh for a day), stored by the warm-up; every measured request is a hit.
    case courierCacheMemory = "courier-cache-memory"
    case courierCacheDisk = "courier-cache-disk"
    /// Cache hits in the stack the docs recommend: `.caching(in: MemoryCacheStore())` inside
    /// `.authorizing(with: .bearer(…))`, so that every hit is keyed by the credential; the document says
    /// `public, max-age=86400` (`/cached/public/item.json`).
    case courierCacheAuthorized = "courier-cache-authorized"
    /// Downloads: the body streamed and counted, never collected.
    case rawAHCDownload = "raw-ahc-download"
    case courierDownload = "courier-download"
    /// Uploads of `--bytes` in 64 KiB chunks, streamed.
    case rawAHCUpload = "raw-ahc-upload"
    case courierUpload = "courier-upload"

    var isTransfer: Bool {
        rawValue.hasSuffix("-download") || rawValue.hasSuffix("-upload")
    }
}

/// The 1,020-byte JSON document nginx serves (written by `Benchmarks/load/nginx.sh`).
struct Item: Codable, Sendable {
    let id: Int
    let name: String
    let price: Double
    let inStock: Bool
    let tags: [String]
    let description: String
}

/// One request (or transfer) of a client; returns the body bytes it received or sent.
typealias Exchange = @Sendable (_ index: Int) async throws -> Int

extension LoadClient {
    /// TLS that trusts the CA named by `LOADGEN_CA` (a PEM file) besides the system's roots, for the rows over TLS
    /// (`run.py --tls`); `nil`, AsyncHTTPClient's default, when it is not set. The same on the raw and the Courier side.
    static func trustingLoadCA() throws -> TLSConfiguration? {
        guard let path = ProcessInfo.processInfo.environment["LOADGEN_CA"], !path.isEmpty else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMFile(path))]
        return tls
    }
}

extension LoadClient {
    /// Builds the client once; the returned exchange is called for every request, and `shutdown` at the end.
    func make(_ options: LoadOptions) throws -> (exchange: Exchange, shutdown: @Sendable () async throws -> Void) {
        let url = options.url
        let server = try Server(url: url)
        switch self {
        case .rawAHCHandwritten:
            return try HandwrittenClient.make(options)
        case .openAPIAHC:
            return try OpenAPIItemClient.make(options)
        case .rawAHC, .rawAHCUntraced, .rawAHCJSON, .rawAHCJSONLogged, .rawAHCDownload, .rawAHCUpload:
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = options.pool
            configuration.tlsConfiguration = try Self.trustingLoadCA()
            if self == .rawAHCUntraced { configuration.tracing.tracer = nil }
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            let shutdown: @Sendable () async throws -> Void = { try await client.shutdown() }
            switch self {
            case .rawAHC, .rawAHCUntraced:
                return ({ index in
                    let response = try await client.execute(HTTPClientRequest(url: url + "/item.json?q=\(index)"), timeout: .seconds(30))
                    try Self.expectOK(response.status.code)
                    return try await response.body.collect(upTo: 1 << 20).readableBytes
                }, shutdown)
            case .rawAHCJSON:
                let decoder = JSONDecoder()
                return ({ index in
                    let response = try await client.execute(HTTPClientRequest(url: url + "/item.json?q=\(index)"), timeout: .seconds(30))
                    try Self.expectOK(response.status.code)
                    let body = try await response.body.collect(upTo: 1 << 20)
                    let item = try decoder.decode(Item.self, from: body)
                    return item.description.utf8.count
                }, shutdown)
            case .rawAHCJSONLogged:
                let decoder = JSONDecoder()
                var logger = Logger(label: "load") { _ in DiscardingLogHandler() }
                logger.logLevel = .info
                return ({ [logger] index in
                    let target = url + "/item.json?q=\(index)"
                    let metadata: Logger.Metadata = ["http.method": "GET", "http.attempt": "1"]
                    logger.info("--> GET \(target)", metadata: metadata)
                    let start = ContinuousClock.now
                    let response = try await client.execute(HTTPClientRequest(url: target), timeout: .seconds(30))
                    try Self.expectOK(response.status.code)
                    let body = try await response.body.collect(upTo: 1 << 20)
                    let elapsed = start.duration(to: .now)
                    var ended = metadata
                    ended["http.status"] = "\(response.status.code)"
                    ended["duration_ms"] = "\(elapsed)"
                    ended["bytes"] = "\(body.readableBytes)"
                    logger.info("<-- \(response.status.code) \(response.status.reasonPhrase) GET \(target) \(elapsed), \(body.readableBytes) bytes", metadata: ended)
                    let item = try decoder.decode(Item.self, from: body)
                    return item.description.utf8.count
                }, shutdown)
            case .rawAHCDownload:
                return ({ _ in
                    let response = try await client.execute(HTTPClientRequest(url: url + options.path), timeout: .seconds(600))
                    try Self.expectOK(response.status.code)
                    var total = 0
                    for try await buffer in response.body { total += buffer.readableBytes }
                    return total
                }, shutdown)
            default:
                let size = options.bytes
                return ({ _ in
                    var request = HTTPClientRequest(url: url + "/upload")
                    request.method = .POST
                    request.body = .stream(UploadChunks(total: size).map { ByteBuffer(bytes: $0) }, length: .known(Int64(size)))
                    let response = try await client.execute(request, timeout: .seconds(600))
                    _ = try await response.body.collect(upTo: 1 << 20)
                    return size
                }, shutdown)
            }
        case .courierBare, .courierRealistic, .courierRealisticLoops, .courierFour, .courierDownload, .courierUpload, .courierTransport,
             .courierCustom, .courierLogging, .courierRetrying, .courierMetrics, .courierDedup, .courierAuth, .courierCacheMemory,
             .courierCacheDisk, .courierCacheAuthorized, .courierUserHeader, .courierUserObserver, .courierPass:
            var configuration = AsyncHTTPClientTransport.Configuration(maxConnectionsPerHost: options.pool, tls: try Self.trustingLoadCA())
            // `LOADGEN_ON_LOOPS=1` runs any client's layers on the event loops, to measure what that changes.
            configuration.runsLayersOnEventLoops = self == .courierRealisticLoops || ProcessInfo.processInfo.environment["LOADGEN_ON_LOOPS"] == "1"
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            let shutdown: @Sendable () async throws -> Void = { try await transport.shutdown() }
            switch self {
            case .courierBare:
                let client = Client(transport: transport).targeting(server)
                return ({ index in try await client.send(Self.itemData(index)).count }, shutdown)
            case .courierCustom:
                return (try Self.customExchange(over: Client(transport: transport), server: server), shutdown)
            case .courierCacheMemory, .courierCacheDisk, .courierCacheAuthorized:
                let store: any CacheStore
                var cleanUp: @Sendable () -> Void = {}
                if self == .courierCacheDisk {
                    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-load-cache-\(UUID())")
                    store = try DiskCacheStore(directory: directory)
                    cleanUp = { try? FileManager.default.removeItem(at: directory) }
                } else {
                    store = MemoryCacheStore()
                }
                let cached = Client(transport: transport).caching(in: store)
                let client = (self == .courierCacheAuthorized ? cached.authorizing(with: .bearer("benchmark-token")) : cached).targeting(server)
                // A response to an authenticated request is kept when it says `public` (RFC 9111 §3.5).
                let endpoint = Endpoint<Data>(path: self == .courierCacheAuthorized ? "/cached/public/item.json" : "/cached/item.json")
                return ({ index in
                    let (data, response) = try await client.response(endpoint)
                    // The warm-up (indices from 1,000,000) stores it; every measured request must be a hit.
                    guard index >= 1_000_000 || response.cacheStatus == .cache else {
                        throw LoadError(message: "request \(index) was not a cache hit")
                    }
                    return data.count
                }, { [cleanUp] in
                    cleanUp()
                    try await shutdown()
                })
            case .courierTransport:
                return ({ index in
                    let response = try await transport.send(try ClientRequest(url: url + "/item.json?q=\(index)"))
                    return try await response.body.collect(upTo: 1 << 20).count
                }, shutdown)
            case .courierLogging, .courierRetrying, .courierMetrics, .courierDedup, .courierAuth, .courierUserHeader, .courierUserObserver,
                 .courierPass:
                let client = oneLayer(over: Client(transport: transport)).targeting(server)
                return ({ index in try await client.send(Self.itemData(index)).count }, shutdown)
            case .courierRealistic, .courierRealisticLoops:
                let client = Self.realisticStack(over: transport, server: server)
                return ({ index in
                    let endpoint = Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "q", value: String(index))])
                    return try await client.send(endpoint).description.utf8.count
                }, shutdown)
            case .courierFour:
                let client = Self.fourLayerStack(over: transport, server: server)
                return ({ index in
                    let endpoint = Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "q", value: String(index))])
                    return try await client.send(endpoint).description.utf8.count
                }, shutdown)
            case .courierDownload:
                let client = Client(transport: transport)
                return ({ _ in
                    var request = try ClientRequest(url: url + options.path)
                    request.options.maxResponseBodySize = .max
                    // `LOADGEN_NO_TIMEOUT=1`: no timeout, so the transport takes AsyncHTTPClient's async API.
                    if ProcessInfo.processInfo.environment["LOADGEN_NO_TIMEOUT"] != "1" { request.options.timeout = .seconds(600) }
                    let response = try await client.send(request)
                    var total = 0
                    for try await chunk in response.body { total += chunk.count }
                    return total
                }, shutdown)
            default:
                let client = Client(transport: transport)
                let size = options.bytes
                return ({ _ in
                    var request = try ClientRequest(.post, url: url + "/upload", body: .stream(length: Int64(size)) { UploadChunks(total: size) })
                    request.options.timeout = .seconds(600)
                    let response = try await client.send(request)
                    _ = try await response.body.collect(upTo: 1 << 20)
                    return size
                }, shutdown)
            }
        case .courierStub:
            return (try Self.customExchange(over: Client(transport: StubTransport(document: StubTransport.document)), server: server), {})
        case .rawURLSession:
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = options.pool
            let session = URLSession(configuration: configuration)
            return ({ index in
                let request = URLRequest(url: URL(string: url + "/item.json?q=\(index)")!)
                let (data, response) = try await session.data(for: request)
                try Self.expectOK((response as? HTTPURLResponse)?.statusCode ?? 0)
                return data.count
            }, { session.invalidateAndCancel() })
        case .courierURLSession:
            let client = Client(transport: URLSessionTransport(configuration: .init(maxConnectionsPerHost: options.pool))).targeting(server)
            return ({ index in try await client.send(Self.itemData(index)).count }, {})
        }
    }

    /// `client` with the layers named in `LOADGEN_LAYERS` (innermost first) and the server, sending
    /// `Endpoint<Item>` when `LOADGEN_DECODE=1` and `Endpoint<Data>` otherwise.
    private static func customExchange(over client: Client, server: Server) throws -> Exchange {
        let environment = ProcessInfo.processInfo.environment
        var client = client
        for name in (environment["LOADGEN_LAYERS"] ?? "").split(separator: ",").map(String.init) {
            guard let layer = LoadClient(rawValue: "courier-" + name) else { throw LoadError(message: "no layer \(name)") }
            client = layer.oneLayer(over: client)
        }
        let targeted = client.targeting(server)
        if environment["LOADGEN_DECODE"] == "1" {
            return { index in
                let endpoint = Endpoint<Item>(path: "/item.json", query: [URLQueryItem(name: "q", value: String(index))])
                return try await targeted.send(endpoint).description.utf8.count
            }
        }
        return { index in try await targeted.send(Self.itemData(index)).count }
    }

    /// The document as bytes, with this request's own query value (every client sends one: no request
    /// is identical to another, so no cache or duplicate removal can skip one).
    static func itemData(_ index: Int) -> Endpoint<Data> {
        Endpoint<Data>(path: "/item.json", query: [URLQueryItem(name: "q", value: String(index))])
    }

    /// Raw clients check the status as Courier's endpoints do: a benchmark of 403 pages measures nothing.
    static func expectOK(_ status: some BinaryInteger) throws {
        guard (200..<300).contains(Int(status)) else { throw LoadError(message: "the server answered \(status)") }
    }

    /// `client` with this case's one layer, configured as in the realistic stack.
    private func oneLayer(over client: Client) -> Client {
        switch self {
        case .courierLogging:
            var logger = Logger(label: "load") { _ in DiscardingLogHandler() }
            logger.logLevel = .info
            return client.logging(to: logger)
        case .courierRetrying: return client.retrying(.default)
        case .courierMetrics: return client.reportingMetrics(to: CountingMetrics())
        case .courierDedup: return client.removingDuplicates()
        case .courierAuth: return client.authorizing(with: .bearer("benchmark-token"))
        case .courierUserHeader: return client.with(UserBearerHeader(value: "Bearer benchmark-token"))
        case .courierPass: return client.with(Passthrough())
        case .courierUserObserver:
            var logger = Logger(label: "load") { _ in DiscardingLogHandler() }
            logger.logLevel = .info
            return client.observing(UserLogLines(logger: logger))
        default: return client
        }
    }

    /// The realistic stack of issue #21, outermost last: logging at info into a handler that discards,
    /// the default retry policy, metrics into a cheap real backend, duplicate removal, a bearer token,
    /// the server.
    static func realisticStack(over transport: some Transport, server: Server) -> Client {
        stack(over: transport, server: server, removingDuplicates: true)
    }

    /// The four layers of issue #36, outermost last, configured as in the realistic stack (which adds duplicate
    /// removal between the metrics and the token): what `raw-ahc-handwritten` and `openapi-ahc` do by hand and as
    /// OpenAPI middlewares.
    static func fourLayerStack(over transport: some Transport, server: Server) -> Client {
        stack(over: transport, server: server, removingDuplicates: false)
    }

    private static func stack(over transport: some Transport, server: Server, removingDuplicates: Bool) -> Client {
        var logger = Logger(label: "load") { _ in DiscardingLogHandler() }
        logger.logLevel = .info
        let measured = Client(transport: transport)
            .logging(to: logger)
            .retrying(.default)
            .reportingMetrics(to: CountingMetrics())
        return (removingDuplicates ? measured.removingDuplicates() : measured)
            .authorizing(with: .bearer("benchmark-token"))
            .targeting(server)
    }
}

/// `total` bytes in 64 KiB chunks, one buffer reused.
struct UploadChunks: AsyncSequence, Sendable {
    let total: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var left: Int
        let chunk = Data(repeating: UInt8(ascii: "u"), count: 64 * 1024)

        mutating func next() async -> Data? {
            guard left > 0 else { return nil }
            let size = Swift.min(left, chunk.count)
            left -= size
            return size == chunk.count ? chunk : chunk.prefix(size)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(left: total)
    }
}

struct LoadError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
