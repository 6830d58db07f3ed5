import Foundation

/// A proxy server that a transport sends requests through: an HTTP proxy (plain `http` requests in
/// absolute form, `https` ones through a `CONNECT` tunnel) or a SOCKS5 server.
///
/// ```swift
/// let proxy = try Proxy(url: "http://alice:secret@proxy.internal:3128")
/// let transport = AsyncHTTPClientTransport(configuration: .init(proxies: .all(proxy, except: ["localhost"])))
/// ```
///
/// The credentials go to the proxy only (`Proxy-Authorization: Basic …` on an HTTP proxy, RFC 1929 on SOCKS5),
/// never to the server the request is for; ``description`` hides the password.
public struct Proxy: Sendable, Hashable, CustomStringConvertible {
    /// How the transport talks to the proxy.
    public enum Kind: String, Sendable, Hashable {
        /// An HTTP proxy (RFC 9110 §3.7): `CONNECT` for `https`.
        case http
        /// A SOCKS5 server (RFC 1928); the proxy resolves the server's name.
        case socks5
    }

    /// A user name and password for the proxy.
    public struct Credentials: Sendable, Hashable, CustomStringConvertible {
        /// The user name, sent as it is (not percent-encoded).
        public var username: String
        /// The password; never printed.
        public var password: String

        /// Credentials for a proxy that asks for them.
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }

        /// The user name; the password is never shown.
        public var description: String { "\(username):<redacted>" }
    }

    /// HTTP or SOCKS5.
    public var kind: Kind
    /// The proxy's host name or IP address (an IPv6 address without brackets).
    public var host: String
    /// The proxy's port.
    public var port: Int
    /// What the proxy asks for, if anything; sent to the proxy only.
    public var credentials: Credentials?

    /// A proxy of `kind` at `host`:`port`.
    public init(_ kind: Kind, host: String, port: Int, credentials: Credentials? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.credentials = credentials
    }

    /// An HTTP proxy.
    public static func http(host: String, port: Int, credentials: Credentials? = nil) -> Proxy {
        Proxy(.http, host: host, port: port, credentials: credentials)
    }

    /// A SOCKS5 server.
    public static func socks5(host: String, port: Int, credentials: Credentials? = nil) -> Proxy {
        Proxy(.socks5, host: host, port: port, credentials: credentials)
    }

    /// The proxy a URL names, the way curl reads `--proxy` and `http_proxy`: `http://[user:password@]host[:port]`,
    /// `socks5://…` or `socks5h://…`, or a bare `host[:port]` for an HTTP proxy. Without a port, curl's 1080.
    /// The user name and password are percent-decoded.
    ///
    /// - Throws: ``NetworkError/Kind/invalidURL`` for a string that names no host or a bad port,
    ///   ``NetworkError/Kind/unsupported`` for another scheme (`https://` to the proxy itself,
    ///   `socks4://`).
    public init(url string: String) throws(NetworkError) {
        let text = string.trimmingCharacters(in: .whitespaces)
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, components.path.isEmpty || components.path == "/"
        else {
            throw NetworkError(.invalidURL, message: "the proxy '\(Self.redacted(text))' is not [scheme://][user:password@]host[:port].")
        }
        switch scheme {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        default:
            throw NetworkError(.unsupported, message: "a proxy reached with \(scheme):// is not supported; use http://, socks5:// or socks5h://.")
        }
        let port = components.port ?? 1080
        guard (1...65535).contains(port) else {
            throw NetworkError(.invalidURL, message: "the proxy '\(Self.redacted(text))' has a port out of range.")
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = port
        if let user = components.percentEncodedUser {
            credentials = Credentials(
                username: user.removingPercentEncoding ?? user,
                password: components.percentEncodedPassword.map { $0.removingPercentEncoding ?? $0 } ?? ""
            )
        } else {
            credentials = nil
        }
    }

    /// `http://proxy.internal:3128`, with `user:<redacted>@` when it has credentials.
    public var description: String {
        let authority = host.contains(":") ? "[\(host)]" : host
        return "\(kind == .http ? "http" : "socks5h")://\(credentials.map { "\($0)@" } ?? "")\(authority):\(port)"
    }

    /// `text` without the password of a `user:password@` part, for error messages.
    private static func redacted(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        guard let colon = text[start..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":<redacted>" + String(text[at...])
    }
}
