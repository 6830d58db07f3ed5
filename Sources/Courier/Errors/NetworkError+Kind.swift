extension NetworkError {
    /// The category of a failure. The set is closed, so a `switch` over it is exhaustive.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// The URL could not be built or parsed: not a valid http(s) URL by the WHATWG URL Standard (no
        /// scheme or host, a bad port, IPv4 or IPv6 address, forbidden host characters, an invalid
        /// international name), userinfo or port 0 (refused on purpose), or a relative request that
        /// reached a transport without a ``Server``.
        case invalidURL
        /// A header name is not a token, or its value holds CR, LF, NUL, another control character or a
        /// non-ASCII byte.
        /// The value is never part of the error: it may be a secret.
        case invalidHeader(name: String)
        /// The request body could not be encoded.
        case encodingFailed
        /// The request body cannot be sent: a file that cannot be read, a single-pass stream read a
        /// second time, or a stream that yields more or fewer bytes than it declared.
        case invalidBody
        /// The device has no network connection.
        case notConnected
        /// The host could not be found or refused the connection.
        case cannotConnect
        /// The connection closed before the whole response arrived.
        case connectionClosed
        /// The server reset the request's HTTP/2 stream (`RST_STREAM`) with the error code `code`, the name
        /// RFC 9113 §7 gives it (`PROTOCOL_ERROR`, `INTERNAL_ERROR`, `CANCEL`, …). The connection stays open for
        /// other requests. A stream the server says it did not process (`REFUSED_STREAM`, or past a `GOAWAY`'s
        /// last stream) is sent again by `AsyncHTTPClientTransport` instead, whatever the method (up to four times,
        /// each time the server says so).
        case streamReset(code: String)
        /// The TLS handshake failed or the server's certificate was not trusted.
        case tlsFailure
        /// No response (or no further bytes) arrived within the timeout.
        case timedOut
        /// The calling task was cancelled, and the transfer with it.
        case cancelled
        /// The server answered with a status the endpoint does not accept.
        case unacceptableStatus(Int)
        /// The body did not decode; the coding path (`items[0].id`) says where. Empty at the root.
        case decodingFailed(codingPath: String)
        /// A value was expected but the body is empty.
        case emptyBody
        /// The body is larger than the limit set for it; the transfer was stopped.
        case bodyTooLarge
        /// The server's reply is not valid HTTP.
        case invalidResponse
        /// The transport was shut down before or while the request was sent.
        case shutdown
        /// The transport failed in a way no other kind describes; see ``NetworkError/underlying``.
        case transportFailed
        /// A circuit breaker (``Client/breakingCircuit(after:coolDown:isFailure:clock:)``) is open for the
        /// request's host: recent requests there failed, so this one was not sent.
        case circuitOpen
        /// The credential could not be obtained or refreshed; ``NetworkError/underlying`` holds the cause.
        case authenticationFailed
        /// A redirect chain passed its limit, or came back to a URL it had already visited.
        case tooManyRedirects
        /// A redirect would have gone from `https` to `http`, which ``Client/followingRedirects(_:)``
        /// refuses unless told otherwise.
        case insecureRedirect
        /// A rate limiter set to fail rather than wait (``Client/rateLimited(_:per:perHost:whenExceeded:clock:)``)
        /// had no capacity left; the request was not sent.
        case rateLimited
        /// The request's ``RequestOptions/cachePolicy`` is ``CachePolicy/onlyFromCache`` (or it said
        /// `Cache-Control: only-if-cached`) and the cache has no response for it; nothing was sent.
        case notCached
        /// The transport cannot do what the request asks: a WebSocket (``Client/webSocket(_:configuration:)-(ClientRequest,_)``)
        /// over a transport, or a platform, that has no WebSocket support. Nothing was sent.
        case unsupported
        /// A layer of the client (a ``Middleware``, an ``ImmediateMiddleware`` or an ``ExchangeObserver``'s
        /// stage) threw an error of its own, not a ``NetworkError``: `layer` is the layer's type name, and
        /// ``NetworkError/underlying`` holds what it threw. Errors that come up from the layers below it keep
        /// their own kind.
        case middlewareFailed(layer: String)
        /// The proxy (``Proxy``) did not pass the request on: it asked for credentials (`status` 407), answered
        /// `CONNECT` with another status, or a SOCKS5 server refused (`status` `nil`). The request did not reach
        /// the server.
        case proxyFailed(status: Int?)

        /// The case name alone, `unacceptableStatus`: a label with few values, for metrics and traces.
        public var name: String {
            info.name
        }

        /// The case name, with its value: `unacceptableStatus(404)`.
        public var description: String {
            let info = info
            return info.value.map { "\(info.name)(\($0))" } ?? info.name
        }
    }
}

extension NetworkError {
    /// What Courier says about one kind of failure when it knows nothing but the kind: its printed name, the first
    /// line of a diagnosis, the hint, and the message for a person. `NetworkError.Kind.info` is the table.
    struct KindInfo: Sendable {
        /// The case name, `unacceptableStatus`.
        var name: String
        /// The associated value as printed after the name (`404`); `nil` for a kind without one.
        var value: String?
        /// The first line of the diagnosis of an error without a message of its own.
        var summary: String
        /// What a person should check next; `nil` when there is nothing useful to add.
        var hint: String?
        /// A short sentence for an alert or a banner (`UserFacingMessages`).
        var userMessage: String
    }
}

extension NetworkError.Kind {
    // NOTE: the one exhaustive switch over `Kind` in Courier: a new kind is its case above and its row here, and the
    // compiler points at this switch. The description, the hint and the user message read this table; words that
    // need more than the kind (a response's status line, a relative URL, the request's timeout, an operation's
    // documented statuses) refine it in NetworkError+Description.swift without switching over every kind.
    /// This kind's row of the table.
    var info: NetworkError.KindInfo {
        typealias Info = NetworkError.KindInfo
        switch self {
        case .invalidURL:
            return Info(name: "invalidURL", summary: "the URL is not valid.", hint: Self.fixTheURL, userMessage: Self.cannotBeMade)
        case .invalidHeader(let name):
            return Info(name: "invalidHeader", value: name, summary: "the header '\(name)' is not valid.", hint: Self.fixTheRequest,
                        userMessage: Self.cannotBeMade)
        case .encodingFailed:
            return Info(name: "encodingFailed", summary: "the request body could not be encoded.", hint: Self.fixTheRequest,
                        userMessage: Self.cannotBeMade)
        case .invalidBody:
            return Info(name: "invalidBody", summary: "the request body cannot be sent.", hint: Self.fixTheRequest,
                        userMessage: Self.cannotBeMade)
        case .notConnected:
            return Info(name: "notConnected", summary: "there is no network connection.", hint: "check the network connection.",
                        userMessage: "You appear to be offline. Check your connection and try again.")
        case .cannotConnect:
            return Info(name: "cannotConnect", summary: "could not connect to the server.",
                        hint: "is the server running, and are the host and port right?", userMessage: Self.unreachable)
        case .connectionClosed:
            return Info(name: "connectionClosed", summary: "the connection closed before the response was complete.",
                        hint: "the server or a proxy dropped the connection; a non-idempotent request may have been processed.",
                        userMessage: Self.unreachable)
        case .streamReset(let code):
            return Info(name: "streamReset", value: code, summary: "the server reset the request's HTTP/2 stream with \(code).",
                        hint: "the server gave up on this request (RST_STREAM) and kept the connection; its log may say why. A write may have been processed.",
                        userMessage: Self.unreachable)
        case .tlsFailure:
            return Info(name: "tlsFailure", summary: "the secure connection failed.",
                        hint: "check the server's certificate and the trust settings of the transport.",
                        userMessage: "A secure connection to the server could not be made.")
        case .timedOut:
            return Info(name: "timedOut", summary: "the request timed out.",
                        hint: "the server did not answer in time; raise RequestOptions.timeout or check the server.",
                        userMessage: "The server took too long to answer. Please try again.")
        case .cancelled:
            return Info(name: "cancelled", summary: "the request was cancelled.", userMessage: "The request was cancelled.")
        case .unacceptableStatus(let code):
            return Info(name: "unacceptableStatus", value: "\(code)", summary: "the server answered with an unacceptable status.",
                        hint: Self.hint(forStatus: code), userMessage: UserFacingMessages.message(forStatus: code))
        case .decodingFailed(let path):
            return Info(name: "decodingFailed", value: path.isEmpty ? "<root>" : path, summary: "the response body could not be decoded.",
                        hint: Self.bodyMismatch, userMessage: Self.unreadable)
        case .emptyBody:
            return Info(name: "emptyBody", summary: "the response body is empty.", hint: Self.bodyMismatch, userMessage: Self.unreadable)
        case .bodyTooLarge:
            return Info(name: "bodyTooLarge", summary: "the body is larger than its limit.",
                        hint: "raise RequestOptions.maxResponseBodySize if the size is expected.", userMessage: Self.unreadable)
        case .invalidResponse:
            return Info(name: "invalidResponse", summary: "the server's reply is not valid HTTP.", userMessage: Self.unreadable)
        case .shutdown:
            return Info(name: "shutdown", summary: "the transport was shut down.",
                        hint: "a transport cannot be used after shutdown(); create a new one.",
                        userMessage: "The app is shutting down its network connections.")
        case .transportFailed:
            return Info(name: "transportFailed", summary: "the transport failed.", userMessage: Self.unreachable)
        case .circuitOpen:
            return Info(name: "circuitOpen", summary: "the circuit for this host is open; the request was not sent.",
                        hint: "the host failed repeatedly; the breaker lets a probe through after its cool-down.",
                        userMessage: "The service is having problems. Please try again in a moment.")
        case .authenticationFailed:
            return Info(name: "authenticationFailed", summary: "the credential could not be obtained or refreshed.",
                        hint: "the cause below says why the token provider failed; the user may need to sign in again.",
                        userMessage: "Please sign in again.")
        case .tooManyRedirects:
            return Info(name: "tooManyRedirects", summary: "the redirects did not end.",
                        hint: "the server redirects in a loop or too often; check the URL and the server's configuration.",
                        userMessage: Self.cannotFollow)
        case .insecureRedirect:
            return Info(name: "insecureRedirect", summary: "a redirect from https to http was refused.",
                        hint: "the server sent an https request to plain http; allow it explicitly only if that is intended.",
                        userMessage: Self.cannotFollow)
        case .rateLimited:
            return Info(name: "rateLimited", summary: "the rate limit was reached; the request was not sent.",
                        hint: "slow down, or let the rate limiter wait instead of failing.",
                        userMessage: "Too many requests. Please wait a moment and try again.")
        case .notCached:
            return Info(name: "notCached", summary: "the response is not in the cache, and the request may not use the network.",
                        hint: "the request's cachePolicy is .onlyFromCache: load it once with the network first, or use .returnCacheElseLoad.",
                        userMessage: "This isn't available offline.")
        case .unsupported:
            return Info(name: "unsupported", summary: "the transport cannot do what the request asks.",
                        hint: "use a transport that supports it; the message above says which.",
                        userMessage: "This feature is not available on this device.")
        case .middlewareFailed(let layer):
            return Info(name: "middlewareFailed", value: layer, summary: "the layer \(layer) failed.",
                        hint: "the layer threw the error below; it comes from the client's own stack, not from the transport or the server.",
                        userMessage: Self.cannotBeMade)
        case .proxyFailed(let status):
            return Info(name: "proxyFailed", value: status.map(String.init),
                        summary: status.map { "the proxy refused the request with \($0)." } ?? "the proxy refused the request.",
                        hint: status == 407
                            ? "the proxy wants credentials: put them in its URL (http://user:password@proxy:3128, or in http_proxy / https_proxy)."
                            : "the proxy would not reach the server: check which hosts and ports it allows, or bypass it for this host (no_proxy).",
                        userMessage: Self.unreachable)
        }
    }

    // Words several rows share.
    private static let fixTheRequest = "fix the value that built the request."
    private static let fixTheURL = """
        fix the value that built the URL. Control characters never reach the wire: a URL string's tab, LF and CR \
        are removed, others in a path or query percent-encoded, and one in a host or in raw path text refused.
        """
    private static let cannotBeMade = "The request could not be made. Please update the app or contact support."
    private static let unreachable = "The server could not be reached. Please try again."
    private static let unreadable = "The server sent an answer the app could not read."
    private static let bodyMismatch = "the body does not match the type the endpoint decodes; compare it with the model."
    private static let cannotFollow = "The server sent the request somewhere it could not follow."

    /// The hint for a status the endpoint did not accept, by its class.
    private static func hint(forStatus code: Int) -> String {
        switch code {
        case 400..<500:
            "a client error: check the path, the parameters, the body and the credentials."
        case 500...:
            "a server error: the server failed; the body above may say why."
        case _ where NetworkError.followableRedirects.contains(code):
            "a redirect that no layer followed: add .followingRedirects() to the client (Client.standard has it), or accept 3xx in the endpoint's AcceptableStatus."
        default:
            "the endpoint does not accept this status; widen its AcceptableStatus if it is expected."
        }
    }
}
