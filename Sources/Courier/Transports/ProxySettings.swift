import Foundation

/// Which proxy each request goes through: one for `http` URLs, one for `https` (and `wss`) URLs, and the hosts
/// that are reached directly. A transport's configuration holds one (`AsyncHTTPClientTransport.Configuration.proxies`,
/// `URLSessionTransport(proxies:)`); ``none`` sends everything directly, and nothing reads the environment unless
/// asked with ``environment(_:)``.
///
/// ```swift
/// // As curl does: http_proxy, https_proxy, all_proxy, no_proxy.
/// let transport = AsyncHTTPClientTransport(configuration: .init(proxies: try .environment()))
/// ```
public struct ProxySettings: Sendable, Hashable {
    /// The proxy for `http` (and `ws`) URLs; `nil` goes direct.
    public var http: Proxy?
    /// The proxy for `https` (and `wss`) URLs; `nil` goes direct.
    public var https: Proxy?
    /// The hosts reached without a proxy, in `no_proxy`'s syntax.
    public var bypass: ProxyBypass

    /// Settings with a proxy for each scheme (`nil`: direct) and the hosts that bypass both.
    public init(http: Proxy? = nil, https: Proxy? = nil, bypass: ProxyBypass = ProxyBypass()) {
        self.http = http
        self.https = https
        self.bypass = bypass
    }

    /// Every request directly.
    public static let none = ProxySettings()

    /// Every request through `proxy`, except to the hosts of `except` (`no_proxy`'s syntax: `"localhost"`,
    /// `".internal"`, `"10.0.0.0/8"`, `"example.com:8080"`, `"*"`).
    public static func all(_ proxy: Proxy, except: [String] = []) -> ProxySettings {
        ProxySettings(http: proxy, https: proxy, bypass: ProxyBypass(except))
    }

    /// Whether no request goes through a proxy.
    public var isEmpty: Bool { http == nil && https == nil }

    /// The proxy for a request to `scheme://host:port`, or `nil` to go direct.
    public func proxy(scheme: String, host: String, port: Int?) -> Proxy? {
        let secure = ["https", "wss"].contains(scheme.lowercased())
        guard let proxy = secure ? https : http else { return nil }
        let resolvedPort = port ?? (secure ? 443 : 80)
        return bypass.matches(host: host, port: resolvedPort) ? nil : proxy
    }

    /// The proxy for `request`, or `nil` to go direct.
    public func proxy(for request: ClientRequest) -> Proxy? {
        guard let scheme = request.head.scheme, let host = request.url?.host() else { return nil }
        return proxy(scheme: scheme, host: host, port: request.url?.port)
    }
}
