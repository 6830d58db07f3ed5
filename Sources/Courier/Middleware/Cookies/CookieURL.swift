import Foundation

/// The parts of a request URL that cookies are matched against (RFC 6265 §5.1): the canonical host,
/// the path and whether the scheme is secure.
struct CookieURL: Equatable {
    /// Lower-case, without the brackets of an IPv6 literal.
    var host: String
    /// The percent-encoded path, `/` when the URL has none.
    var path: String
    /// `https` or `wss`: where `Secure` cookies may be set and sent.
    var isSecure: Bool
    /// Whether ``host`` is an IPv4 or IPv6 address, which never domain-matches anything but itself.
    var isIPAddress: Bool

    /// The parts of `url`, or `nil` when it has no host (a relative or `file:` URL has no cookies).
    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              var host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host.lowercased()
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let scheme = components.scheme?.lowercased()
        isSecure = scheme == "https" || scheme == "wss"
        isIPAddress = Self.isIPAddress(self.host)
    }

    /// The domains a cookie sent to ``host`` may belong to: the host, then each parent domain
    /// (`a.b.example.com`, `b.example.com`, `example.com`, `com`); only the host itself for an address.
    var domainsToMatch: [String] {
        guard !isIPAddress else { return [host] }
        var domains = [host]
        var rest = Substring(host)
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            if !rest.isEmpty { domains.append(String(rest)) }
        }
        return domains
    }

    /// §5.1.4: the path up to, not including, its last `/`; `/` when that leaves nothing, or when the
    /// path does not start with `/`.
    var defaultPath: String {
        guard path.hasPrefix("/"), let lastSlash = path.lastIndex(of: "/"), lastSlash != path.startIndex else { return "/" }
        return String(path[..<lastSlash])
    }

    /// §5.1.3: whether `host` domain-matches `domain`: identical, or a subdomain of it (`domain` is a
    /// suffix that starts right after a `.` of `host`) when `host` is a name, not an address.
    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        guard !isIPAddress(host), host.hasSuffix(domain), host.utf8.count > domain.utf8.count else { return false }
        return host.utf8.dropLast(domain.utf8.count).last == UInt8(ascii: ".")
    }

    /// §5.1.4: whether a request path falls under a cookie's path: the same, or below it at a `/`
    /// (`/docs` covers `/docs/a` and `/docs/`, not `/docsearch`).
    static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || requestPath.utf8.dropFirst(cookiePath.utf8.count).first == UInt8(ascii: "/")
    }

    /// A dotted-decimal IPv4 address (four numbers 0–255) or an IPv6 address (it has a `:`, which no
    /// host name has).
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part).map { $0 <= 255 } == true
        }
    }
}
