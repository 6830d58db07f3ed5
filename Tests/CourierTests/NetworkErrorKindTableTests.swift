import Courier
import Foundation
import Testing

/// What an error of one kind says when it has no more context than its kind.
private struct Words: Equatable {
    var summary: String
    var hint: String?
    var userMessage: String
}

private let requestValueFix = "fix the value that built the request."
private let urlValueFix = """
    fix the value that built the URL. Control characters never reach the wire: a URL string's tab, LF and CR \
    are removed, others in a path or query percent-encoded, and one in a host or in raw path text refused.
    """
private let cannotBeMade = "The request could not be made. Please update the app or contact support."
private let unreadable = "The server sent an answer the app could not read."
private let unreachable = "The server could not be reached. Please try again."
private let mismatch = "the body does not match the type the endpoint decodes; compare it with the model."

/// Every kind's words, written out. An exhaustive switch: a new kind does not compile here until its words are.
private func words(for kind: NetworkError.Kind) -> Words {
    switch kind {
    case .invalidURL:
        Words(summary: "the URL is not valid.", hint: urlValueFix, userMessage: cannotBeMade)
    case .invalidHeader(let name):
        Words(summary: "the header '\(name)' is not valid.", hint: requestValueFix, userMessage: cannotBeMade)
    case .encodingFailed:
        Words(summary: "the request body could not be encoded.", hint: requestValueFix, userMessage: cannotBeMade)
    case .invalidBody:
        Words(summary: "the request body cannot be sent.", hint: requestValueFix, userMessage: cannotBeMade)
    case .notConnected:
        Words(summary: "there is no network connection.", hint: "check the network connection.",
              userMessage: "You appear to be offline. Check your connection and try again.")
    case .cannotConnect:
        Words(summary: "could not connect to the server.", hint: "is the server running, and are the host and port right?",
              userMessage: unreachable)
    case .connectionClosed:
        Words(summary: "the connection closed before the response was complete.",
              hint: "the server or a proxy dropped the connection; a non-idempotent request may have been processed.",
              userMessage: unreachable)
    case .streamReset(let code):
        Words(summary: "the server reset the request's HTTP/2 stream with \(code).",
              hint: "the server gave up on this request (RST_STREAM) and kept the connection; its log may say why. A write may have been processed.",
              userMessage: unreachable)
    case .tlsFailure:
        Words(summary: "the secure connection failed.", hint: "check the server's certificate and the trust settings of the transport.",
              userMessage: "A secure connection to the server could not be made.")
    case .timedOut:
        Words(summary: "the request timed out.", hint: "the server did not answer in time; raise RequestOptions.timeout or check the server.",
              userMessage: "The server took too long to answer. Please try again.")
    case .cancelled:
        Words(summary: "the request was cancelled.", hint: nil, userMessage: "The request was cancelled.")
    case .unacceptableStatus(404):
        Words(summary: "the server answered with an unacceptable status.",
              hint: "a client error: check the path, the parameters, the body and the credentials.", userMessage: "That could not be found.")
    case .unacceptableStatus(503):
        Words(summary: "the server answered with an unacceptable status.",
              hint: "a server error: the server failed; the body above may say why.",
              userMessage: "The service is having problems. Please try again later.")
    case .unacceptableStatus(302):
        Words(summary: "the server answered with an unacceptable status.",
              hint: "a redirect that no layer followed: add .followingRedirects() to the client (Client.standard has it), or accept 3xx in the endpoint's AcceptableStatus.",
              userMessage: "The request failed (302).")
    case .unacceptableStatus:
        Words(summary: "the server answered with an unacceptable status.",
              hint: "the endpoint does not accept this status; widen its AcceptableStatus if it is expected.",
              userMessage: "The request failed (304).")
    case .decodingFailed:
        Words(summary: "the response body could not be decoded.", hint: mismatch, userMessage: unreadable)
    case .emptyBody:
        Words(summary: "the response body is empty.", hint: mismatch, userMessage: unreadable)
    case .bodyTooLarge:
        Words(summary: "the body is larger than its limit.", hint: "raise RequestOptions.maxResponseBodySize if the size is expected.",
              userMessage: unreadable)
    case .invalidResponse:
        Words(summary: "the server's reply is not valid HTTP.", hint: nil, userMessage: unreadable)
    case .shutdown:
        Words(summary: "the transport was shut down.", hint: "a transport cannot be used after shutdown(); create a new one.",
              userMessage: "The app is shutting down its network connections.")
    case .transportFailed:
        Words(summary: "the transport failed.", hint: nil, userMessage: unreachable)
    case .circuitOpen:
        Words(summary: "the circuit for this host is open; the request was not sent.",
              hint: "the host failed repeatedly; the breaker lets a probe through after its cool-down.",
              userMessage: "The service is having problems. Please try again in a moment.")
    case .authenticationFailed:
        Words(summary: "the credential could not be obtained or refreshed.",
              hint: "the cause below says why the token provider failed; the user may need to sign in again.", userMessage: "Please sign in again.")
    case .tooManyRedirects:
        Words(summary: "the redirects did not end.", hint: "the server redirects in a loop or too often; check the URL and the server's configuration.",
              userMessage: "The server sent the request somewhere it could not follow.")
    case .insecureRedirect:
        Words(summary: "a redirect from https to http was refused.",
              hint: "the server sent an https request to plain http; allow it explicitly only if that is intended.",
              userMessage: "The server sent the request somewhere it could not follow.")
    case .rateLimited:
        Words(summary: "the rate limit was reached; the request was not sent.", hint: "slow down, or let the rate limiter wait instead of failing.",
              userMessage: "Too many requests. Please wait a moment and try again.")
    case .notCached:
        Words(summary: "the response is not in the cache, and the request may not use the network.",
              hint: "the request's cachePolicy is .onlyFromCache: load it once with the network first, or use .returnCacheElseLoad.",
              userMessage: "This isn't available offline.")
    case .unsupported:
        Words(summary: "the transport cannot do what the request asks.", hint: "use a transport that supports it; the message above says which.",
              userMessage: "This feature is not available on this device.")
    case .middlewareFailed(let layer):
        Words(summary: "the layer \(layer) failed.",
              hint: "the layer threw the error below; it comes from the client's own stack, not from the transport or the server.",
              userMessage: cannotBeMade)
    case .proxyFailed(let status):
        Words(summary: status.map { "the proxy refused the request with \($0)." } ?? "the proxy refused the request.",
              hint: status == 407
                  ? "the proxy wants credentials: put them in its URL (http://user:password@proxy:3128, or in http_proxy / https_proxy)."
                  : "the proxy would not reach the server: check which hosts and ports it allows, or bypass it for this host (no_proxy).",
              userMessage: "The server could not be reached. Please try again.")
    }
}

/// One value of every kind, with their printed names; statuses of each class the words depend on.
private let everyKind: [(NetworkError.Kind, String)] = [
    (.invalidURL, "invalidURL"), (.invalidHeader(name: "X-Token"), "invalidHeader(X-Token)"),
    (.encodingFailed, "encodingFailed"), (.invalidBody, "invalidBody"), (.notConnected, "notConnected"),
    (.cannotConnect, "cannotConnect"), (.connectionClosed, "connectionClosed"),
    (.streamReset(code: "PROTOCOL_ERROR"), "streamReset(PROTOCOL_ERROR)"), (.tlsFailure, "tlsFailure"),
    (.timedOut, "timedOut"), (.cancelled, "cancelled"), (.unacceptableStatus(404), "unacceptableStatus(404)"),
    (.unacceptableStatus(503), "unacceptableStatus(503)"), (.unacceptableStatus(302), "unacceptableStatus(302)"),
    (.unacceptableStatus(304), "unacceptableStatus(304)"), (.decodingFailed(codingPath: "items[0].id"), "decodingFailed(items[0].id)"),
    (.decodingFailed(codingPath: ""), "decodingFailed(<root>)"), (.emptyBody, "emptyBody"), (.bodyTooLarge, "bodyTooLarge"),
    (.invalidResponse, "invalidResponse"), (.shutdown, "shutdown"), (.transportFailed, "transportFailed"),
    (.circuitOpen, "circuitOpen"), (.authenticationFailed, "authenticationFailed"), (.tooManyRedirects, "tooManyRedirects"),
    (.insecureRedirect, "insecureRedirect"), (.rateLimited, "rateLimited"), (.notCached, "notCached"), (.unsupported, "unsupported"),
    (.middlewareFailed(layer: "TenantHeader"), "middlewareFailed(TenantHeader)"),
    (.proxyFailed(status: 407), "proxyFailed(407)"), (.proxyFailed(status: 403), "proxyFailed(403)"), (.proxyFailed(status: nil), "proxyFailed"),
]

@Suite("NetworkError.Kind: one table of words per kind")
struct NetworkErrorKindTableTests {
    @Test("every kind prints its name, summary and hint, and has its user message", arguments: everyKind)
    func printsItsWords(kind: NetworkError.Kind, printed: String) {
        let error = NetworkError(kind)
        let expected = words(for: kind)
        #expect(kind.description == printed)
        #expect(kind.name == String(printed.prefix { $0 != "(" }))
        #expect(error.errorDescription == "\(printed): \(expected.summary)")
        var lines = [expected.summary, "  kind:     \(printed)", "  attempt:  1"]
        if let hint = expected.hint { lines.append("  hint:     \(hint)") }
        #expect(error.description == lines.joined(separator: "\n"))
        #expect(NetworkError.userMessage(for: error) == expected.userMessage)
    }

    @Test("context refines the table's words: a response's status, a relative URL, a message of its own")
    func context() throws {
        let relative = try ClientRequest(.get, path: "/articles")
        #expect(NetworkError(.invalidURL, request: relative).description.contains("hint:     the request is relative; add .targeting(server) to the client."))
        let response = ClientResponse(head: HTTPResponse(status: .notFound), body: .empty, request: try ClientRequest(.get, url: "https://example.com/a"))
        #expect(NetworkError(.unacceptableStatus(404), response: response).errorDescription == "unacceptableStatus(404): the server answered 404 Not Found.")
        #expect(NetworkError(.timedOut, message: "no bytes for 5 s.").errorDescription == "timedOut: no bytes for 5 s.")
    }
}

/// Issue #40: a transport's failure said in words on the diagnosis's first line.
@Suite("Transport failures in words")
struct TransportFailureWordsTests {
    @Test("what failed, where and why, from the underlying error's text", arguments: [
        (NetworkError.Kind.cannotConnect, "Connection errors: SingleConnectionFailure(target: [IPv4]localhost/127.0.0.1:1, error: connection reset (error set): Connection refused) (errno: 111))",
         "could not connect to localhost:1: the connection was refused."),
        (.cannotConnect, "DNS error: SocketAddressError.UnknownHost: Name or service not known (error -2)", "could not connect to localhost:1: the host name was not found (DNS)."),
        (.tlsFailure, "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /work/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:393]))",
         "the secure connection (TLS) to localhost:1 failed: its certificate is not trusted."),
        (.transportFailed, "something unheard of", "the request to localhost:1 failed."),
    ])
    func sentence(_ kind: NetworkError.Kind, _ underlying: String, _ expected: String) {
        #expect(TransportFailureWords.sentence(kind, authority: "localhost:1", underlying: underlying) == expected)
    }

    @Test("the cause line never shows a dependency's build path")
    func noBuildPath() throws {
        struct HandshakeFailure: Error, CustomStringConvertible {
            var description: String { "CERTIFICATE_VERIFY_FAILED at /work/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:393" }
        }
        let error = NetworkError(.tlsFailure, request: try ClientRequest(url: "https://example.com/"), underlying: HandshakeFailure())
        #expect(!error.description.contains("/.build/"))
        #expect(error.description.contains("CERTIFICATE_VERIFY_FAILED at …"))
    }
}
