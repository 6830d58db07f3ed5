import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation

/// A ``Transport`` over Foundation's `URLSession`, for Apple apps and for Linux programs that want no
/// SwiftNIO. On Linux servers prefer `AsyncHTTPClientTransport`.
///
/// ```swift
/// let client = Client(transport: URLSessionTransport())
/// ```
///
/// What it does that a bare `URLSession` does not:
/// - **Never follows redirects**: every 3xx is delivered as it is, refused in the session-level delegate
///   (on Linux the per-task delegate is ignored, and libcurl would carry `Authorization` and `Cookie`
///   to another origin). Courier's redirect policy decides instead, the same way on every transport.
/// - **Streams the response body**: ``send(_:)`` returns at the head; the body arrives as chunks that
///   ``ResponseBody/collect(upTo:)`` counts against its limit, stopping the transfer the moment it is
///   passed, which also bounds what URLSession's own gzip decoding can produce. Because URLSession
///   decodes `Content-Encoding` itself, the delivered response carries neither `Content-Encoding` nor
///   `Content-Length` (they describe bytes that were never handed over).
/// - **Refuses what libcurl's parser lets through**: conflicting `Content-Length`s, `Content-Length`
///   with `Transfer-Encoding`, and a final `1xx` status are ``NetworkError/Kind/invalidResponse``.
/// - **Enforces ``RequestOptions/timeout`` exactly** (libcurl rounds sub-second timeouts down to zero).
/// - **Cancels the task** when the calling Swift task is cancelled or the body's reader goes away, and
///   throws ``NetworkError/Kind/cancelled``. Not at once against a server flooding a body: URLSession's
///   `cancel()` waits for corelibs' work queue, which the flood keeps busy (0.1–2.1 s measured on loopback
///   here, 20 s in one outside harness, until its server stopped).
/// - **Maps every `URLError`** onto the ``NetworkError/Kind`` AsyncHTTPClientTransport gives for the same
///   fault.
/// - **Delivers a 401 with `WWW-Authenticate`** as a response instead of waiting for a credential
///   forever (its body is lost).
/// - **Reports upload progress** to ``RequestOptions/onProgress`` as libcurl takes the body: every body
///   goes out through an upload task, the only kind corelibs reports `didSendBodyData` for.
/// - **Keeps no cookies and no cache**: those are explicit middleware in Courier.
///
/// Where it falls short on Linux (each measured, and documented next to its test; the README's
/// "Reliability" table puts both transports side by side):
/// - no back-pressure: `suspend()` restarts the transfer there. Unread body bytes past
///   ``Configuration/maxBufferedBodySize`` fail the body with ``NetworkError/Kind/bodyTooLarge``; but
///   FoundationNetworking queues every 16 KB it receives for its delegate without limit, so against a server
///   streaming faster than that queue drains, memory grows inside Foundation until the cancel lands; with
///   several such servers flooding at once the cancel does not land at all (libcurl's read loop keeps the
///   session's work queue busy) and memory grows without bound (the chaos soak measured gigabytes on
///   loopback);
/// - a streamed or file request body is read into memory first, up to ``Configuration/maxUploadSize``
///   (corelibs crashes when a file upload is answered early); a larger one is refused (`invalidBody`);
/// - a request with a body, or with a method that is not safe (PUT and DELETE included), goes out on a
///   session of its own (a new connection): libcurl re-sends requests on dead reused connections, with an
///   empty body;
/// - GET and HEAD cannot carry a body (``NetworkError/Kind/invalidBody``);
/// - a field whose value is only spaces is refused by corelibs' parser (``NetworkError/Kind/invalidResponse``);
/// - crashes inside FoundationNetworking that no caller can catch remain: a chunked response whose trailers
///   set `Content-Length` or `Set-Cookie`, and a task-registry trap the chaos soak reaches under hostile
///   servers.
///
/// HTTP/2: URLSession negotiates it over TLS on its own, with no setting to turn it off. On Linux
/// FoundationNetworking leaves the choice to the system's libcurl, which (7.88 with nghttp2, Debian 12) speaks
/// HTTP/2 to a server that offers it: measured against nginx over TLS, 101 requests all arrived as HTTP/2, the
/// 100 sent at once over 6 connections (libcurl opens connections before it knows the server multiplexes).
/// How a `GOAWAY` or a reset stream is handled is libcurl's (or, on Apple platforms, URLSession's) business;
/// ``ExchangeTimings/networkProtocol`` says `h2` on Apple platforms and nothing on Linux.
///
/// - Important: use `AsyncHTTPClientTransport` against servers you do not trust.
public final class URLSessionTransport: Transport {
    /// Settings for the session the transport owns.
    public struct Configuration: Sendable {
        /// The timeout used when a request sets no ``RequestOptions/timeout``: the longest time with no
        /// bytes arriving.
        public var timeout: Duration
        /// How many connections to one host may be open at once.
        public var maxConnectionsPerHost: Int
        /// The most response body bytes that may arrive ahead of the body's reader. On Linux URLSession
        /// cannot pause a transfer, so a reader slower than the server falls behind; past this many
        /// unread bytes the body fails with ``NetworkError/Kind/bodyTooLarge`` instead of filling memory.
        public var maxBufferedBodySize: Int
        /// The largest streamed or file request body sent. On Linux such bodies are read into memory first
        /// (URLSession crashes when a file upload is answered early); a larger one is refused with
        /// ``NetworkError/Kind/invalidBody`` before anything is sent.
        public var maxUploadSize: Int
        /// The proxies requests go through; ``ProxySettings/none`` by default.
        ///
        /// On Apple platforms they become the session's `connectionProxyDictionary` (HTTP, HTTPS and SOCKS
        /// proxies and the bypass list; proxy credentials cannot be given there and fail with
        /// ``NetworkError/Kind/unsupported``). On Linux FoundationNetworking ignores that dictionary and its
        /// libcurl reads `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy` itself, which no setting turns
        /// off: a request is sent only when these settings choose the same proxy for it as the environment does
        /// (`try .environment()`, or ``ProxySettings/none`` with no proxy variable set), and fails with
        /// ``NetworkError/Kind/unsupported`` otherwise, before anything is sent. Use `AsyncHTTPClientTransport`
        /// for proxies the environment does not name.
        public var proxies: ProxySettings

        /// Creates a configuration.
        public init(
            timeout: Duration = .seconds(60),
            maxConnectionsPerHost: Int = 8,
            maxBufferedBodySize: Int = 32 << 20,
            maxUploadSize: Int = 64 << 20,
            proxies: ProxySettings = .none
        ) {
            precondition(maxBufferedBodySize > 0, "maxBufferedBodySize must be positive")
            precondition(maxUploadSize >= 0, "maxUploadSize must not be negative")
            self.timeout = timeout
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.maxBufferedBodySize = maxBufferedBodySize
            self.maxUploadSize = maxUploadSize
            self.proxies = proxies
        }
    }

    let configuration: Configuration
    /// The session's settings, which the WebSocket sessions copy.
    let sessionConfiguration: URLSessionConfiguration
    private let session: URLSession
    private let transfers: URLSessionTransfers
    #if canImport(FoundationNetworking)
    /// The proxies libcurl takes from the environment, read once; `nil` when a variable names no usable proxy.
    let libcurlProxies = try? ProxySettings.environment()
    #endif

    /// Creates a transport with a session of its own: ephemeral, no cookie storage (Courier's cookie jar
    /// is a layer, `storingCookies(in:)`), no URL cache (use ``Client/caching(in:configuration:clock:)``).
    public convenience init(configuration: Configuration = Configuration()) {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maxConnectionsPerHost
        sessionConfiguration.httpCookieAcceptPolicy = .never
        sessionConfiguration.httpCookieStorage = nil
        self.init(ownConfiguration: sessionConfiguration, configuration: configuration)
    }

    /// Creates a transport whose session uses a copy of `sessionConfiguration`: its proxies, TLS
    /// settings, extra headers, cookie storage and connection limit, for code that has one already.
    ///
    /// ```swift
    /// let session = URLSessionConfiguration.default
    /// session.httpAdditionalHeaders = ["Accept-Language": "de"]
    /// session.waitsForConnectivity = true
    /// let transport = URLSessionTransport(sessionConfiguration: session)
    /// ```
    ///
    /// Two settings are replaced, because Courier's layers own them: the session's URL cache is turned
    /// off (``Client/caching(in:configuration:clock:)`` caches, and a second cache behind it would answer conditional
    /// requests itself), and redirects are never followed by the session (``Client/followingRedirects(_:)``
    /// does it the same way on every transport). `configuration` still gives the timeout and the body
    /// limits; its `maxConnectionsPerHost` is ignored in favour of the session's.
    public convenience init(sessionConfiguration: URLSessionConfiguration, configuration: Configuration = Configuration()) {
        // NOTE: a copy, so that the caller changing theirs later cannot change this session's; `copy()` of a
        // URLSessionConfiguration is always one.
        let copy = sessionConfiguration.copy() as! URLSessionConfiguration
        self.init(ownConfiguration: copy, configuration: configuration)
    }

    /// `sessionConfiguration` is the transport's own: no caller holds it.
    private init(ownConfiguration sessionConfiguration: URLSessionConfiguration, configuration: Configuration) {
        self.configuration = configuration
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        #if !canImport(FoundationNetworking)
        if !configuration.proxies.isEmpty {
            sessionConfiguration.connectionProxyDictionary = Self.proxyDictionary(configuration.proxies)
        }
        #endif
        self.sessionConfiguration = sessionConfiguration
        transfers = URLSessionTransfers(maxBufferedBytes: configuration.maxBufferedBodySize)
        session = URLSession(configuration: sessionConfiguration, delegate: transfers, delegateQueue: nil)
    }

    /// The most response body bytes any transfer held unread at once: the proof that a slow reader never
    /// makes the transport hold more than ``Configuration/maxBufferedBodySize`` (tests and the chaos soak
    /// check it).
    public var peakBufferedBodyBytes: Int {
        transfers.peakBufferedBytes
    }

    /// The session to send `request` on.
    ///
    /// NOTE: libcurl (URLSession on Linux) re-sends a request whose reused keep-alive connection turns
    /// out dead, and corelibs cannot rewind a body for it: measured, a POST reached the server twice, the
    /// second time with an empty body, and a PUT three times with 1000, 0 and 1000 bytes. libcurl only
    /// does this on a *reused* connection, and its connection cache belongs to one session; so a request
    /// that must not be repeated unasked — a body, or a method that is not safe (a PUT or DELETE is a write,
    /// idempotent or not: the chaos soak saw a bodiless PUT arrive twice) — goes out on a session of its
    /// own, whose single connection is new. It costs a connection set-up per such request.
    private func session(for request: ClientRequest) -> (URLSession, oneShot: Bool) {
        #if canImport(FoundationNetworking)
        if HTTPRequest.Method.safeMethods.contains(request.method), request.body.isEmpty {
            return (session, false)
        }
        return (URLSession(configuration: sessionConfiguration, delegate: transfers, delegateQueue: nil), true)
        #else
        return (session, false)
        #endif
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` and returns as soon as the response head has arrived; the body streams after.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        try request.checkHeadForTheWire()
        let urlRequest = try makeURLRequest(request)
        try checkProxy(for: request)
        let timeline = ExchangeTimeline()
        do {
            let upload = try await UploadSource.make(for: request.body, maxSize: configuration.maxUploadSize)
            let (session, oneShot) = session(for: request)
            // A one-shot session lets its task finish, then goes.
            defer { if oneShot { session.finishTasksAndInvalidate() } }
            let task: URLSessionTask
            switch upload {
            case .memory(let data) where data.isEmpty:
                task = session.dataTask(with: urlRequest)
            case .memory(let data):
                // NOTE: an upload task, not a data task with `httpBody`: the same bytes go out, but only
                // upload tasks report `didSendBodyData` on Linux (corelibs checks the task's class).
                task = session.uploadTask(with: urlRequest, from: data)
            }
            transfers.prepare(task)
            let progress = request.options.onProgress == nil || request.body.isEmpty ? nil : request
            let (urlResponse, chunks, knownEmpty) = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    transfers.start(task, deadline: request.options.timeout, reportingProgressOf: progress, timeline: timeline, continuation: continuation)
                }
            } onCancel: {
                transfers.cancel(task)
            }
            let head = try responseHead(urlResponse)
            let length = knownEmpty ? 0 : ResponseBody.announcedLength(of: head, for: request.head)
            var response = ClientResponse(head: head, body: ResponseBody(length: length, chunks: chunks).retaining(self), request: request)
            response.timeline = timeline
            return response
        } catch {
            if Task.isCancelled {
                throw NetworkError(.cancelled, message: "the calling task was cancelled; the transfer was stopped.", request: request, underlying: error)
            }
            throw NetworkError.wrapping(error, request: request)
        }
    }

    private func makeURLRequest(_ request: ClientRequest) throws -> URLRequest {
        guard !request.isRelative else {
            throw NetworkError(.invalidURL, message: "the request has no scheme and host.", request: request)
        }
        if (request.method == .get || request.method == .head), !request.body.isEmpty {
            throw NetworkError(.invalidBody, message: "URLSession cannot send a body with \(request.method); use POST or AsyncHTTPClientTransport.", request: request)
        }
        guard var urlRequest = URLRequest(httpRequest: request.head) else {
            throw NetworkError(.invalidURL, message: "Foundation cannot represent this URL.", request: request)
        }
        // URLSession's own timeout is an idle timeout in whole seconds; a request's exact deadline is
        // enforced by `URLSessionTransfers`.
        urlRequest.timeoutInterval = Self.idleTimeoutInterval(request.options.timeout ?? configuration.timeout)
        return urlRequest
    }

    /// `duration` rounded up to whole seconds, at least one: libcurl truncates `timeoutInterval` to whole
    /// seconds, and a zero would make it fire at once.
    static func idleTimeoutInterval(_ duration: Duration) -> TimeInterval {
        max(1, (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18).rounded(.up))
    }

    private func responseHead(_ urlResponse: HTTPURLResponse) throws -> HTTPResponse {
        guard var head = urlResponse.httpResponse else {
            throw NetworkError(.invalidResponse, message: "the status \(urlResponse.statusCode) is not a valid HTTP status.")
        }
        // NOTE: URLSession has already decoded the body; these two fields describe bytes we never saw.
        if let encoding = head.headerFields[.contentEncoding], encoding.lowercased() != "identity" {
            head.headerFields[.contentEncoding] = nil
            head.headerFields[.contentLength] = nil
        }
        return head
    }
}
