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

        /// The case name alone, `unacceptableStatus`: a label with few values, for metrics and traces.
        public var name: String {
            String(description.prefix { $0 != "(" })
        }

        /// The case name, with its value: `unacceptableStatus(404)`.
        public var description: String {
            switch self {
            case .invalidURL: "invalidURL"
            case .invalidHeader(let name): "invalidHeader(\(name))"
            case .encodingFailed: "encodingFailed"
            case .invalidBody: "invalidBody"
            case .notConnected: "notConnected"
            case .cannotConnect: "cannotConnect"
            case .connectionClosed: "connectionClosed"
            case .tlsFailure: "tlsFailure"
            case .timedOut: "timedOut"
            case .cancelled: "cancelled"
            case .unacceptableStatus(let code): "unacceptableStatus(\(code))"
            case .decodingFailed(let path): "decodingFailed(\(path.isEmpty ? "<root>" : path))"
            case .emptyBody: "emptyBody"
            case .bodyTooLarge: "bodyTooLarge"
            case .invalidResponse: "invalidResponse"
            case .shutdown: "shutdown"
            case .transportFailed: "transportFailed"
            case .circuitOpen: "circuitOpen"
            case .rateLimited: "rateLimited"
            case .authenticationFailed: "authenticationFailed"
            case .tooManyRedirects: "tooManyRedirects"
            case .insecureRedirect: "insecureRedirect"
            case .notCached: "notCached"
            case .unsupported: "unsupported"
            }
        }
    }
}
