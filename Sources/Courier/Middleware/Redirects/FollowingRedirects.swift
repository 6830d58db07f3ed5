import Foundation
import HTTPTypes

/// The middleware behind ``Client/followingRedirects(_:)``.
struct FollowingRedirects: Middleware {
    let policy: RedirectPolicy

    /// The headers that carry a credential and never follow a request to another origin.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard let start = Origin(request) else { return try await next(request) }
        var current = request
        var visited: Set<String> = [Self.visitKey(request)]
        while true {
            let response = try await next(current)
            guard [301, 302, 303, 307, 308].contains(response.status.code),
                  let location = response.head.headerFields[.location],
                  let target = Self.resolve(location, from: current)
            else {
                // Not a redirect, or one to nowhere Courier may go (`file:`, `javascript:`, userinfo, an
                // invalid URL): the 3xx itself is the answer.
                return response
            }
            guard current.options.redirects.count < policy.maxRedirects else {
                throw NetworkError(.tooManyRedirects, message: "more than \(policy.maxRedirects) redirects.", response: response)
            }
            if current.head.scheme == "https", target.scheme == "http", !policy.allowsInsecureRedirects {
                throw NetworkError(.insecureRedirect, message: "the server redirected an https request to http; it was not followed.", response: response)
            }
            guard let redirected = redirect(current, to: target, status: response.status.code, start: start) else {
                // 307/308 must re-send the body, and this one cannot be sent twice.
                return response
            }
            guard visited.insert(Self.visitKey(redirected)).inserted else {
                throw NetworkError(.tooManyRedirects, message: "the redirects loop back to a URL already visited.", response: response)
            }
            current = redirected
        }
    }

    /// The request a redirect asks for, or `nil` when its body would have to be sent again and cannot.
    private func redirect(_ request: ClientRequest, to target: URLStringParser.Parts, status: Int, start: Origin) -> ClientRequest? {
        var next = request
        next.head.scheme = target.scheme
        next.head.authority = target.authority
        next.head.path = target.pathAndQuery
        // RFC 9110 §15.4: 303 turns anything but HEAD into GET; 301 and 302 turn POST into GET (what
        // every browser does); 307 and 308 keep the method and the body.
        let becomesGet = (status == 303 && request.method != .head) || ((status == 301 || status == 302) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = .empty
            for name in [HTTPField.Name.contentType, .contentLength, .contentEncoding, .transferEncoding] {
                next.head.headerFields[name] = nil
            }
        } else if !request.body.isEmpty, !request.body.isReplayable {
            return nil
        }
        let from = Origin(request)
        let to = Origin(next)
        if from != to {
            let dropped = Self.credentialHeaders
                .union(policy.sensitiveHeaders.map { $0.lowercased() })
                .union(request.options.credentialHeaders)
            next.head.headerFields = HTTPFields(next.head.headerFields.filter { !dropped.contains($0.name.canonicalName) })
        }
        next.options.crossesOrigin = to != start
        next.options.redirects = request.options.redirects + [request.url.map(Self.withoutUserinfo) ?? ""]
        return next
    }

    /// `location` resolved against the request's URL and checked as strictly as any URL Courier sends
    /// to: `nil` for another scheme, userinfo, or anything invalid.
    static func resolve(_ location: String, from request: ClientRequest) -> URLStringParser.Parts? {
        guard let scheme = request.head.scheme, let authority = request.head.authority else { return nil }
        let absolute: String
        if Self.hasScheme(location) {
            // `http:foo` or `http:/foo` is relative to a base of the same scheme (WHATWG); the parser, which
            // has no base, would read `foo` as the host, so such a Location is not followed.
            guard !Self.dependsOnBase(location, scheme: scheme) else { return nil }
            absolute = location
        } else if location.hasPrefix("//") {
            absolute = scheme + ":" + location
        } else if location.hasPrefix("/") {
            absolute = "\(scheme)://\(authority)\(location)"
        } else {
            let base = URL(string: "\(scheme)://\(authority)\(request.head.path ?? "/")")
            guard let resolved = URL(string: location, relativeTo: base)?.absoluteString else { return nil }
            absolute = resolved
        }
        return try? URLStringParser.parse(absolute)
    }

    /// Whether `reference` starts with a scheme (`https:`, `file:`, `javascript:`): RFC 3986 §3.1.
    /// (`/login?next=https://…` does not: it is a path.)
    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), let first = reference.first, first.isASCII, first.isLetter else { return false }
        return reference[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Whether `reference`'s scheme is `scheme` and is not followed by two slashes (`/` or `\`), so that
    /// a browser resolves it against the current URL.
    static func dependsOnBase(_ reference: String, scheme: String) -> Bool {
        let bytes = Array(reference.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              bytes[..<colon].map({ $0 | 0x20 }).elementsEqual(scheme.utf8.map { $0 | 0x20 }) else { return false }
        let slashes = bytes[(colon + 1)...].prefix(2).filter { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
        return slashes.count < 2
    }

    private static func visitKey(_ request: ClientRequest) -> String {
        "\(request.method) \(request.head.scheme ?? "")://\(request.head.authority ?? "")\(request.head.path ?? "")"
    }

    private static func withoutUserinfo(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "" }
        components.user = nil
        components.password = nil
        return components.string ?? ""
    }
}

/// Scheme and authority, lower-cased, without the scheme's default port: what "same origin" compares.
/// (Authorities that reach a request were checked when it was built.)
struct Origin: Hashable {
    let scheme: String
    let authority: String

    init?(_ request: ClientRequest) {
        guard let scheme = request.head.scheme?.lowercased(), let authority = request.head.authority?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? ":443" : ":80"
        self.scheme = scheme
        self.authority = authority.hasSuffix(defaultPort) ? String(authority.dropLast(defaultPort.count)) : authority
    }
}

extension Client {
    /// A client that follows redirects itself, the same way on every transport (transports never do).
    ///
    /// - At most ``RedirectPolicy/maxRedirects`` (10); one more, or a loop back to a URL already
    ///   visited, fails with ``NetworkError/Kind/tooManyRedirects``.
    /// - 303 becomes a GET (HEAD stays HEAD), and 301/302 turn a POST into a GET, without its body or
    ///   `Content-Type`; 307 and 308 keep the method and the body, and are not followed (the 3xx is
    ///   returned) when the body cannot be sent again.
    /// - Leaving the origin (scheme, host or port) drops `Authorization`, `Proxy-Authorization`,
    ///   `Cookie` and ``RedirectPolicy/sensitiveHeaders``, and layers below (``authorizing(with:clock:)``)
    ///   do not sign the request; `https` → `http` fails with ``NetworkError/Kind/insecureRedirect``.
    /// - A `Location` with another scheme (`file:`, `data:`, `javascript:`), with userinfo, or invalid is
    ///   not followed: the 3xx is returned.
    ///
    /// The final response's `request` is the one that produced it (`response.request.url`), and its
    /// ``RequestOptions/redirects`` lists where it came from.
    ///
    /// ```swift
    /// var policy = RedirectPolicy(maxRedirects: 5)
    /// policy.sensitiveHeaders = ["X-Api-Key"]
    /// let client = Client(transport: URLSessionTransport()).followingRedirects(policy)
    /// ```
    public func followingRedirects(_ policy: RedirectPolicy = .default) -> Client {
        with(FollowingRedirects(policy: policy))
    }
}
