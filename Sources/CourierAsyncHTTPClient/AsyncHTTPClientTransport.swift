import AsyncHTTPClient
import Courier
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL

/// A `Transport` over swift-server/async-http-client: the fast path on Linux servers and
/// command-line tools, with streaming in both directions and back-pressure.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let client = Client(transport: transport).targeting(.production)
/// let articles = try await client.send(.articles(tag: "swift"))
/// try await transport.shutdown()
/// ```
///
/// It either **owns** its `HTTPClient` (``init(configuration:)``: created here, closed by
/// ``shutdown()``) or **borrows** one you pass in (``init(client:decodesBodies:runsLayersOnEventLoops:)``: you shut it down). An owned client
/// that is never shut down is shut down when the transport is released, so AsyncHTTPClient's
/// "not shut down before deinit" trap cannot fire; call ``shutdown()`` anyway to know when its
/// connections are closed.
///
/// Like every Courier transport it never follows redirects (a 3xx is delivered as it is), honours
/// `RequestOptions.timeout` as a deadline for the whole exchange including the body, stops
/// the transfer when the calling task is cancelled or the body's reader goes away, and maps NIO and
/// AsyncHTTPClient errors onto the same `NetworkError.Kind` values as `URLSessionTransport`.
///
/// Over TLS it speaks HTTP/2 when the server offers it (``Configuration/httpVersion``): the requests to one
/// host then share one connection, as many at once as the server allows; a stream the server resets fails
/// with `NetworkError.Kind.streamReset(code:)`. A transport over a client you pass in
/// (``init(client:decodesBodies:runsLayersOnEventLoops:)``) cannot tell a stream the server did not process
/// from one it reset, and replays neither.
/// It reports upload progress to `RequestOptions.onProgress` part by part, as AsyncHTTPClient
/// writes the body to the connection.
///
/// Against hostile servers (each pinned by a test; the README's "Reliability" table compares both
/// transports): a request is never sent twice unless the server cannot have acted on it (none of its bytes
/// were written, or HTTP/2 said the server did not process it: up to four times while it keeps saying so), or it
/// is safe to repeat (`GET`, `HEAD`) and met a stale pooled connection (then only once); a streamed upload
/// answered early ends with that answer; a slow reader slows the server down (back-pressure); requests cut
/// off by ``shutdown()`` fail with `shutdown`; a private CA and pinned certificates or public keys are
/// configured without NIO knowledge (``Configuration/pinnedPublicKeys``). What it cannot do: bound a flood
/// of `1xx` responses, and keep a request the pool hands a connection poisoned by bytes past the previous
/// response's end from failing.
public final class AsyncHTTPClientTransport: Transport {
    /// The client that reaches servers directly.
    let client: HTTPClient
    /// Which proxy each request goes through, and a client per proxy (AsyncHTTPClient takes one proxy per
    /// client), on the direct client's event loops; made with the transport, shut down with it.
    private let proxies: ProxySettings
    private let proxyClients: [Courier.Proxy: HTTPClient]
    private let ownsClient: Bool
    /// Whether the client decodes `gzip` and `deflate` bodies, whose encoding fields must then go.
    private let decodesBodies: Bool
    private let shutdownState = ShutdownState()
    /// The executors of the client's event loops, for `layerExecutor()`; `nil` when the layers stay off them.
    private let executors: EventLoopTaskExecutors?
    /// The TLS settings WebSockets use (AsyncHTTPClient keeps the client's to itself); `nil`: the defaults.
    let webSocketTLS: TLSConfiguration?
    /// Whether the configuration pins public keys, which WebSockets cannot check.
    let pinsPublicKeys: Bool
    /// The pooled connections this transport has sent on, to tell a stale reused one from a new one.
    private let seenConnections = SeenConnections()

    /// Creates a transport with an `HTTPClient` of its own, built from `configuration`.
    public init(configuration: Configuration = Configuration()) {
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration.httpClientConfiguration)
        proxies = configuration.proxies
        var proxyClients: [Courier.Proxy: HTTPClient] = [:]
        for proxy in [configuration.proxies.http, configuration.proxies.https].compactMap({ $0 })
        where proxyClients[proxy] == nil && !Self.refuses(proxy) {
            proxyClients[proxy] = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration.makeHTTPClientConfiguration(through: proxy))
        }
        self.proxyClients = proxyClients
        ownsClient = true
        decodesBodies = configuration.decompression != .disabled
        executors = configuration.runsLayersOnEventLoops ? EventLoopTaskExecutors(group: client.eventLoopGroup) : nil
        webSocketTLS = configuration.tls
        pinsPublicKeys = !configuration.pinnedPublicKeys.isEmpty
    }

    /// Creates a transport over `client`, which the caller keeps and shuts down.
    ///
    /// - Important: configure `client` with `redirectConfiguration: .disallow`; Courier's redirect
    ///   middleware follows redirects the same way on every transport, and AsyncHTTPClient's own
    ///   following would bypass it.
    ///
    /// - Parameters:
    ///   - client: the client, configured by the caller.
    ///   - decodesBodies: whether `client` was configured with `decompression: .enabled(…)`;
    ///     AsyncHTTPClient does not say, and a decoded response must lose the `Content-Encoding` and
    ///     `Content-Length` that described its encoded bytes.
    ///   - runsLayersOnEventLoops: as ``Configuration/runsLayersOnEventLoops``.
    public init(client: HTTPClient, decodesBodies: Bool = false, runsLayersOnEventLoops: Bool = false) {
        self.client = client
        proxies = .none
        proxyClients = [:]
        ownsClient = false
        self.decodesBodies = decodesBodies
        executors = runsLayersOnEventLoops ? EventLoopTaskExecutors(group: client.eventLoopGroup) : nil
        webSocketTLS = nil
        pinsPublicKeys = false
    }


    deinit {
        if ownsClient, shutdownState.begin() {
            client.shutdown { _ in }
            for proxyClient in proxyClients.values {
                proxyClient.shutdown { _ in }
            }
        }
    }

    /// Closes the owned `HTTPClient` and its connections; requests in flight fail with
    /// `NetworkError.Kind.shutdown`, and later ones too. Does nothing for a borrowed client.
    public func shutdown() async throws {
        guard ownsClient, shutdownState.begin() else { return }
        for proxyClient in proxyClients.values {
            try await proxyClient.shutdown()
        }
        try await client.shutdown()
    }

    /// Whether AsyncHTTPClient cannot speak to `proxy`: it has no SOCKS5 authentication (RFC 1929).
    private static func refuses(_ proxy: Courier.Proxy) -> Bool {
        proxy.kind == .socks5 && proxy.credentials != nil
    }

    /// The client that sends `request`: through its proxy, or the direct one.
    func client(for request: ClientRequest) throws -> HTTPClient {
        guard !proxies.isEmpty, let proxy = proxies.proxy(for: request) else { return client }
        guard let proxyClient = proxyClients[proxy] else {
            throw NetworkError(.unsupported, message: "AsyncHTTPClient speaks SOCKS5 without credentials only; the proxy \(proxy) has some. Use an HTTP proxy, or a SOCKS5 proxy that needs none.", request: request)
        }
        return proxyClient
    }

    /// Sends `request` and returns as soon as the response head has arrived; the body streams after,
    /// with back-pressure.
    ///
    /// It sends a request again only when the server cannot have acted on it, or when the request is safe to
    /// repeat and met a stale pooled connection:
    /// - a request that failed before any byte of it was written (a pooled connection found closed), or whose
    ///   HTTP/2 stream the server did not process (refused with `REFUSED_STREAM`, or past the last stream a
    ///   `GOAWAY` named; RFC 9113 §8.7), goes out once more, whatever its method, and again (up to four
    ///   replays) each time the server says it did not process it;
    /// - a safe request (`GET`, `HEAD`, `OPTIONS`, `TRACE`) with a body that can be sent again, whose
    ///   *reused* connection closed before any byte of the response arrived — the server dropped an idle
    ///   keep-alive connection just as the request went out — goes out once more, on another connection
    ///   (RELIABILITY A5; OkHttp and URLSession do the same);
    /// - anything else that reached a connection and failed is not sent again here, even a `GET` whose
    ///   *new* connection the server closed unanswered, or a `PUT` (a write, idempotent or not): whether to
    ///   repeat it is the retry middleware's decision (`Client.retrying(_:)`), which knows the caller's budget.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        try request.checkHeadForTheWire()
        // One deadline for every attempt: a replay does not extend the caller's timeout.
        let deadline = request.options.timeout.map(Self.deadline(after:))
        let timeline = ExchangeTimeline()
        var replays = 0
        while true {
            do {
                return try await attempt(request, deadline: deadline, timeline: timeline)
            } catch let unanswered as Unanswered {
                guard unanswered.mayGoOutAgain(request, afterReplays: replays), request.body.isReplayable, !Task.isCancelled else {
                    throw unanswered.error
                }
                replays += 1
            }
        }
    }

    /// One exchange, through AsyncHTTPClient's async API when the request allows it (faster, see
    /// `exchangeDirectly(_:logger:timeline:)`), else through its delegate API. A connection closed before the response
    /// head is thrown as ``Unanswered``, for ``send(_:)`` to judge.
    private func attempt(_ request: ClientRequest, deadline: NIODeadline?, timeline: ExchangeTimeline) async throws -> ClientResponse {
        guard Self.takesDirectPath(request) else {
            return try await attemptThroughDelegate(request, deadline: deadline, timeline: timeline)
        }
        try refuseUnsendable(request)
        let sighting = ConnectionSighting(in: seenConnections, timeline: timeline)
        do {
            return try await exchangeDirectly(request, logger: sighting.logger, timeline: timeline)
        } catch {
            let mapped = NetworkError.fromAsyncHTTPClient(error, request: request, cancelled: Task.isCancelled, shutDown: isShutDown)
            guard mapped.kind == .connectionClosed else { throw mapped }
            // NOTE: the async API does not say whether a byte was written; HTTP/2 says when the server did not
            // process the stream.
            throw Unanswered(error: mapped, unprocessed: error is UnprocessedStream, connection: sighting.outcome)
        }
    }

    /// Refuses `request` before anything is sent when the caller was cancelled or the transport shut down.
    private func refuseUnsendable(_ request: ClientRequest) throws {
        guard !Task.isCancelled else {
            throw NetworkError(.cancelled, message: "the calling task was cancelled before the request was sent.", request: request)
        }
        guard !isShutDown else {
            throw NetworkError(.shutdown, message: "the transport was shut down; create a new one.", request: request)
        }
    }

    private func attemptThroughDelegate(_ request: ClientRequest, deadline: NIODeadline?, timeline: ExchangeTimeline) async throws -> ClientResponse {
        try refuseUnsendable(request)
        let sighting = ConnectionSighting(in: seenConnections, timeline: timeline)
        // `any()`: the caller's own loop when it runs on one (`runsLayersOnEventLoops`), so the delegate's
        // callbacks and the layers share a thread.
        let eventLoop = client.eventLoopGroup.any()
        var sentDelegate: StreamingResponseDelegate?
        do {
            var httpRequest = try makeRequest(request)
            let sender = try client(for: request)
            let reportsProgress = request.options.onProgress != nil && !request.body.isEmpty
            let (body, upload) = try RequestBodyWriter.body(for: request.body, inParts: reportsProgress, eventLoop: eventLoop)
            httpRequest.body = body
            // NOTE: made only once nothing else can throw before `execute`: its head promise must be
            // completed, and only AsyncHTTPClient completes it.
            let delegate = StreamingResponseDelegate(eventLoop: eventLoop, reportingProgressOf: reportsProgress ? request : nil, upload: upload, timeline: timeline)
            sentDelegate = delegate
            // NOTE: a streamed body runs its connection on the pump's event loop. AsyncHTTPClient 1.37 leaves
            // a connection leased for ever when a streamed body's end reaches it after the server's answer
            // (reproduced with AsyncHTTPClient alone: 30–56 of 60 uploads); on one loop, the end — reported
            // from the last write's completion — always comes first.
            let preference: HTTPClient.EventLoopPreference = upload == nil ? .delegate(on: eventLoop) : .delegateAndChannel(on: eventLoop)
            let task = sender.execute(request: httpRequest, delegate: delegate, eventLoop: preference, deadline: deadline, logger: sighting.logger)
            // NOTE: a request AsyncHTTPClient refuses up front (after shutdown) fails its task without
            // calling the delegate; the task's result reaches the delegate so the head cannot hang.
            task.futureResult.whenFailure { delegate.taskFailed($0) }
            // NOTE: the task pumping a streamed body ends with the request, even while it waits for the
            // caller's stream to yield.
            task.futureResult.whenComplete { _ in
                upload?.stop(with: NetworkError(.cancelled, message: "the request ended before its body was written."))
            }
            let head = try await withTaskCancellationHandler {
                try await delegate.head.get()
            } onCancel: {
                task.cancel()
            }
            let responseHead: HTTPResponse
            do {
                responseHead = try self.responseHead(head)
            } catch {
                task.cancel()
                throw error
            }
            let length = ResponseBody.announcedLength(of: responseHead, for: request.head)
            var response = ClientResponse(head: responseHead, body: delegate.body(for: request, length: length, owner: self, shutDown: { [weak self] in self?.isShutDown ?? true }), request: request)
            response.timeline = timeline
            return response
        } catch {
            let mapped = NetworkError.fromAsyncHTTPClient(error, request: request, cancelled: Task.isCancelled, shutDown: isShutDown)
            // The head promise fails only before a head arrived: a failure of a response that arrived is
            // thrown by its body.
            guard mapped.kind == .connectionClosed, let delegate = sentDelegate else { throw mapped }
            throw Unanswered(error: mapped, unprocessed: !delegate.requestHeadSent || error is UnprocessedStream, connection: sighting.outcome)
        }
    }

    /// Whether this transport's own client has been shut down: requests it cut off fail as `shutdown`,
    /// not `cancelled`.
    var isShutDown: Bool {
        ownsClient && shutdownState.isShutDown
    }

    private func makeRequest(_ request: ClientRequest) throws -> HTTPClient.Request {
        guard !request.isRelative, let url = request.url else {
            throw NetworkError(.invalidURL, message: "the request has no scheme and host.", request: request)
        }
        return try HTTPClient.Request(url: url, method: HTTPMethod(rawValue: request.method.rawValue), headers: Self.headers(of: request))
    }

    /// The encodings NIO's response decompressor decodes.
    private static let decodedEncodings: Set<String> = ["gzip", "x-gzip", "deflate"]

    func responseHead(_ head: HTTPResponseHead) throws -> HTTPResponse {
        guard (100...999).contains(Int(head.status.code)) else {
            throw NetworkError(.invalidResponse, message: "the status \(head.status.code) is not a valid HTTP status.")
        }
        var fields = HTTPFields()
        fields.reserveCapacity(head.headers.count)
        for (name, value) in head.headers {
            guard let fieldName = KnownFieldNames.name(name) else { continue }
            fields.append(HTTPField(name: fieldName, lenientValue: value.utf8))
        }
        if decodesBodies {
            Self.removeDecodedEncoding(from: &fields)
        }
        return HTTPResponse(status: .init(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase), headerFields: fields)
    }

    /// Makes `fields` describe the body the decompressor delivers.
    ///
    /// NOTE: NIO's decompressor decodes one layer — the outermost — when the first listed coding is gzip
    /// or deflate, and leaves stacked codings (`gzip, gzip`, or one field line each) otherwise alone. The
    /// codings left are exactly what the body still carries, so they stay; `Content-Length`, which
    /// counted the encoded bytes, goes. A cache storing the old fields beside the decoded body would
    /// corrupt its entry; a reader trusting them would decode twice.
    static func removeDecodedEncoding(from fields: inout HTTPFields) {
        var codings = fields[values: .contentEncoding]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        guard let first = codings.first, decodedEncodings.contains(first) else { return }
        codings.removeLast()
        fields[.contentLength] = nil
        fields[.contentEncoding] = codings.isEmpty ? nil : codings.joined(separator: ", ")
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension AsyncHTTPClientTransport: LayerExecutorProviding {
    /// Whether ``Configuration/runsLayersOnEventLoops`` is on.
    package var offersLayerExecutors: Bool { executors != nil }

    /// The executor of the event loop the next exchange will most likely use, so that `Client` runs a
    /// request's layers on the thread that does its I/O; `nil` when ``Configuration/runsLayersOnEventLoops``
    /// is off or the transport is shut down (a shut-down loop drops what it is given).
    package func layerExecutor() -> (any TaskExecutor)? {
        guard !isShutDown else { return nil }
        return executors?.next()
    }
}

/// A request whose connection closed before any byte of the response arrived.
private struct Unanswered: Error {
    let error: NetworkError
    /// Whether the server cannot have acted on the request: none of its bytes were written, or HTTP/2 said
    /// the server did not process its stream (`REFUSED_STREAM`, or past a `GOAWAY`'s last stream).
    let unprocessed: Bool
    /// What AsyncHTTPClient said of the connection.
    let connection: ConnectionSighting.Outcome

    /// How many times one request the server did not process is sent again, at most.
    static let unprocessedReplayLimit = 4

    /// Whether `request` may go out once more: the server cannot have acted on it, or it is safe to repeat
    /// and met a stale pooled connection (a new connection closed unanswered is the server's answer,
    /// RELIABILITY A2).
    ///
    /// After a first replay, only a request the server again did not process goes out again, up to
    /// ``unprocessedReplayLimit`` replays in all: a server that sends `GOAWAY` after every few requests on a
    /// connection may drop the same waiting stream more than once, and each time it says so.
    func mayGoOutAgain(_ request: ClientRequest, afterReplays replays: Int) -> Bool {
        guard replays == 0 else { return unprocessed && replays < Self.unprocessedReplayLimit }
        if unprocessed { return true }
        guard HTTPRequest.Method.safeMethods.contains(request.method) else { return false }
        switch connection {
        case .reused: return true
        case .new: return false
        // NOTE: a request given a pooled connection whose close AsyncHTTPClient had not yet seen fails as the
        // pipeline refuses the write, before the connection's handler (which is where the tag is set) ever
        // holds it: nothing was written. Only for `http`: over TLS the connection may be HTTP/2, which tags
        // nothing at all.
        case .none: return request.head.scheme == "http"
        }
    }
}

/// Makes sure an owned client is shut down once.
///
/// `@unchecked Sendable`: `started` is only touched under `lock`.
private final class ShutdownState: @unchecked Sendable {
    private let lock = NSLock()
    private var started = false

    /// Whether shutdown has begun.
    var isShutDown: Bool {
        lock.withLock { started }
    }

    /// `true` for the first caller only.
    func begin() -> Bool {
        lock.withLock {
            defer { started = true }
            return !started
        }
    }
}

extension TimeAmount {
    /// The same span as a Swift `Duration`, to the nanosecond; spans beyond ~292 years are clamped.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else {
            self = .nanoseconds(seconds < 0 ? .min : .max)
            return
        }
        let (total, overflowAgain) = nanoseconds.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = .nanoseconds(overflowAgain ? (seconds < 0 ? .min : .max) : total)
    }
}
