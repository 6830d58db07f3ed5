import Courier
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// A real HTTP server on 127.0.0.1, on a port the OS assigns, for integration tests and demos.
///
/// ```swift
/// try await TestServer.withRunning { server in
///     let client = Client(transport: URLSessionTransport()).targeting(server.server)
///     let echo = try await client.send(Endpoint<TestServer.Echo>(method: .post, path: "/echo", body: .json(["a": 1])))
///     #expect(echo.method == "POST")
///     #expect(await server.hits("/echo") == 1)
/// }
/// ```
///
/// Its routes (every method unless noted):
/// - `/echo`, `/echo/**`: the request back as an ``TestServer/Echo`` JSON document.
/// - `/status/{code}`: that status, with `{"status":code,"reason":"…"}` (no body for 204 and 304).
/// - `GET /articles[?tag=]`, `GET /articles/{id}`: JSON fixtures of ``TestArticle`` values; `GET /articles/feed`:
///   the same as JSON Lines (`application/jsonl`), one article a chunk.
/// - `GET /profile`: the ``TestProfile/fixture`` user, whose favourite tag names some articles.
/// - `GET /fixtures/{name}`: the ``Fixture`` registered under `name` at start.
/// - `/delay/{ms}`: answers after `ms` milliseconds (at most 30 000).
/// - `GET /drip?chunks=N&interval=MS` (and `/drip/{key}`, counted apart): N one-byte chunks, MS apart;
///   a client that goes away is recorded (see ``waitForDisconnect(on:)`` and ``disconnects(_:)``).
/// - `POST|PUT /upload`: reads the body as it streams and answers with an ``TestServer/UploadSummary``.
/// - `POST|PUT /upload/decoded`: decodes a `Content-Encoding: gzip` or `deflate` body as it streams (zlib) and
///   answers a ``TestServer/DecodedUpload``: the bytes received and the summary of the decoded ones (another
///   coding is 415 with `Accept-Encoding: gzip, deflate`; bytes that do not decode, 400).
/// - `GET /stream/{jsonl|ndjson|json-seq}?count=N`: N ``TestServer/StreamItem`` values as JSON Lines, NDJSON or
///   an RFC 7464 JSON text sequence, one chunk each; `crlf`, `blank`, `bad=K`, `truncate=K`, `hold=KEY&after=N`
///   and `endless=1` make them misbehave (see the route's documentation).
/// - `POST /form`: parses an `application/x-www-form-urlencoded` body with Hummingbird's decoder and
///   answers a ``TestServer/FormEcho``.
/// - `POST /multipart`: parses a `multipart/form-data` body as it streams with multipart-kit's parser and
///   answers a ``TestServer/MultipartEcho`` (each part's headers, name, length, checksum and, when small, text).
/// - `GET /bytes/{n}`: `n` bytes of `abc…xyz0…9` repeated, with `Content-Length`.
/// - `GET /random/{n}?seed=S&hold=KEY`: ``randomBytes(count:seed:)``, streamed; with `hold`, chunked and
///   kept open after the last byte until ``release(_:)`` releases `KEY`.
/// - `GET /resumable/{key}?size=N&validator=…&ranges=…&cutAt=M&cut=close|stall&cuts=K`: a resource for
///   resumable downloads, with a strong `ETag` and `Last-Modified`, honouring `Range` and `If-Range`, that can
///   misbehave on demand (cut or stall after M bytes, ignore ranges, a wrong `Content-Range`, a weak validator);
///   `POST /resumable/{key}` makes a new version of it (see `TestServerRoutes.resumableRoutes`).
/// - `/redirect/{n}`: a 302 chain of `n` hops ending at `/echo`; `/redirect-to?url=U&status=S&setCookie=C`: one hop to `U` (setting the cookie `C`).
/// - `GET /not-json`: an HTML page served as `application/json`.
/// - `/auth/challenge`: 401 with `WWW-Authenticate: Basic realm="courier"`.
/// - `/flaky/{key}?failures=N&status=S&retryAfter=R`: fails N times (2 by default) per `key` with
///   status S (503 by default; `Retry-After: R` when given), then answers 200 with a ``TestServer/FlakyReply``
///   (the attempt number and the body it received).
/// - `/hold/{key}`: answers only once the test calls ``release(_:)`` with `key`.
/// - `POST /auth/token`: issues a new token `token-N` (`{"token":…,"expiresIn":3600}`), which from then
///   on is the only one `/auth/protected/**` accepts (as `Bearer token-N`; anything else is 401);
///   `POST /auth/token-broken`: always 500.
/// - `/redirect-loop/a` and `/redirect-loop/b`: each redirects to the other.
/// - `/cache/{key}`: a resource whose caching headers (`Cache-Control`, `Expires`, `ETag`,
///   `Last-Modified`, `Vary`, `Set-Cookie`) come from the query, answering conditional requests with 304
///   and a ``TestServer/CacheReply``; unsafe methods make a new version. See ``failCache(_:status:)``.
/// - `GET /pages/numbered?page=N`, `GET /pages/cursor?cursor=C`, `GET /pages/linked?page=N`: the numbers
///   `1…total` in pages of `size` (`&size=S&total=T`), by page number, by cursor (a ``TestServer/CursorPage``), or
///   with RFC 8288 `Link` fields (`first`, `prev`, `next`, `last`), for pagination tests.
/// - `GET /events/{key}?count=N&dropAfter=K&retry=MS`: a `text/event-stream` of N `tick` events that
///   resumes after `Last-Event-ID`, answers 204 when nothing is left, and with `dropAfter` drops the
///   connection after event K; `GET /events-wrong-type`: a 200 that is JSON, not an event stream.
/// - `GET /negotiated/invoices/{id}` (`application/pdf`), `GET /negotiated/reports/sales.csv` (`text/csv`),
///   `GET /negotiated/reports/sales` (JSON or CSV): the ``TestServer/NegotiatedDocument`` documents, chosen by the
///   request's `Accept`, 406 when it allows none; `X-Received-Accept` in every reply repeats the `Accept` received.
///
/// WebSocket routes (hummingbird-websocket; each counted by ``hits(_:)`` when the upgrade is asked for, and by
/// ``webSocketEnds(_:)`` when its handler ends):
/// - `/ws/echo`: every message back, cut into 16 KiB fragments;
/// - `/ws/greet`: the text message `hello` right after the 101, then every message back;
/// - `/ws/headers`: after the client's first message, one text message, a JSON object of the opening request's
///   header fields;
/// - `/ws/close?code=C&reason=R`: after the client's first message, closes with that code and reason;
/// - `/ws/drop`: reads one message, then closes the TCP connection without a close frame;
/// - `/ws/hold/{key}`: answers the upgrade only once ``release(_:)`` releases `key`, then reads until the end.
///
/// Add routes of your own with ``Route`` (`start(routes:)`); make a reply misbehave with `/status/{code}`,
/// `/delay/{ms}`, `/drip`, `/flaky/{key}`, `/hold/{key}`, or a route that answers what you need.
///
/// Every request is counted by its path; read the counts with ``hits(_:)``, and the most requests a
/// path had in flight at once with ``maxInFlight(_:)``.
public final class TestServer: Sendable {
    /// The port the OS assigned.
    public let port: Int
    private let state: TestServerState
    private let task: Task<Void, any Error>

    private init(port: Int, state: TestServerState, task: Task<Void, any Error>) {
        self.port = port
        self.state = state
        self.task = task
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The server as a Courier `Server` value, for `Client.targeting(_:)`.
    public var server: Server { Server(scheme: "http", host: "127.0.0.1", port: port) }

    /// Starts a server and returns once it accepts connections.
    ///
    /// - Parameters:
    ///   - port: the loopback port to listen on; `0` (the default) lets the system choose a free one,
    ///     which ``port`` then tells. A fixed port suits a server shared with another process (a demo, an
    ///     app in a simulator); tests should keep `0`, so that parallel runs never collide.
    ///   - fixtures: canned responses served at `/fixtures/{name}`.
    ///   - routes: routes of your own, beside the built-in ones.
    /// - Throws: the error that kept it from listening (the port is taken), or
    ///   ``TestServerError/didNotStart``.
    public static func start(port: Int = 0, fixtures: [String: Fixture] = [:], routes: [Route] = []) async throws -> TestServer {
        precondition((0...65535).contains(port), "a port is a number from 0 to 65535")
        let state = TestServerState()
        let router = TestServerRoutes.router(state: state, fixtures: fixtures)
        TestServerRoutes.customRoutes(router, routes: routes)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "courier.test-server")
        logger.logLevel = .critical
        let webSocketRouter = TestServerWebSocketRoutes.router(state: state)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: webSocketRouter,
                configuration: .init(ws: .init(maxFrameSize: TestServerWebSocketRoutes.maxFrameSize, autoPing: .disabled))
            ),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "CourierTestServer"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
        let task = Task {
            defer { portContinuation.finish() }
            try await app.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            try await task.value
            throw TestServerError.didNotStart
        }
        return TestServer(port: port, state: state, task: task)
    }

    /// Starts a server, runs `body` with it, and stops it, whether `body` returns or throws.
    public static func withRunning<T: Sendable>(
        port: Int = 0,
        fixtures: [String: Fixture] = [:],
        routes: [Route] = [],
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let server = try await start(port: port, fixtures: fixtures, routes: routes)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Stops the server, dropping open connections.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    /// How many requests arrived for `path` (the path as sent, without the query).
    public func hits(_ path: String) async -> Int {
        await state.hits(path)
    }

    /// How many requests arrived, on every path.
    public func totalHits() async -> Int {
        await state.totalHits()
    }

    /// How many requests for `path` are being handled now.
    public func inFlight(_ path: String) async -> Int {
        await state.inFlight(path)
    }

    /// The most requests for `path` that were being handled at the same time.
    public func maxInFlight(_ path: String) async -> Int {
        await state.maxInFlight(path)
    }

    /// Makes `/cache/{key}` answer `status` until called again with `nil`: for `stale-if-error` tests.
    public func failCache(_ key: String, status: Int?) async {
        await state.setCacheFailure(key, status: status)
    }

    /// Lets every request held on `/hold/{key}` answer, now and from now on.
    public func release(_ key: String) async {
        await state.release(key)
    }

    /// Returns once a request for `path` has arrived (now or earlier). Give the calling test a time
    /// limit.
    public func waitForHit(on path: String) async {
        await state.waitForHit(on: path)
    }

    /// How many clients went away in the middle of a streamed response on `path`.
    public func disconnects(_ path: String) async -> Int {
        await state.disconnectCount(path)
    }

    /// How many WebSocket handlers on `path` have ended (the client closed, dropped, or the route finished).
    public func webSocketEnds(_ path: String) async -> Int {
        await state.webSocketEndCount(path)
    }

    /// Returns once a WebSocket handler on `path` has ended (now or earlier). Give the calling test a time
    /// limit.
    public func waitForWebSocketEnd(on path: String) async {
        await state.waitForWebSocketEnd(on: path)
    }

    /// Returns once a client has gone away in the middle of a streamed response on `path` (now or
    /// earlier). Give the calling test a time limit.
    public func waitForDisconnect(on path: String) async {
        await state.waitForDisconnect(on: path)
    }
}

/// Why a ``TestServer`` could not start.
public enum TestServerError: Error, Sendable {
    /// The server stopped before it reported a port.
    case didNotStart
}
