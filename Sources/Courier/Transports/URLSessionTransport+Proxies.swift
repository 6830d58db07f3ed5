import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Refuses `request`, before anything is sent, when the session cannot send it through the proxy the
    /// configuration chooses.
    func checkProxy(for request: ClientRequest) throws {
        let wanted = configuration.proxies.proxy(for: request)
        #if canImport(FoundationNetworking)
        // NOTE: FoundationNetworking ignores `connectionProxyDictionary` (swift-corelibs-foundation's
        // EasyHandle has a TODO where it would set CURLOPT_PROXY), and its libcurl follows the proxy
        // variables of the environment on its own.
        guard let libcurls = libcurlProxies, libcurls.proxy(for: request) == wanted else {
            throw NetworkError(
                .unsupported,
                message: "URLSession on Linux cannot be given a proxy: its libcurl follows http_proxy, https_proxy, all_proxy and no_proxy of the environment, which would send this request \(libcurlProxies?.proxy(for: request).map { "through \($0)" } ?? "as they say") instead of \(wanted.map { "through \($0)" } ?? "directly"). Set the configuration's proxies to .environment(), or use AsyncHTTPClientTransport.",
                request: request
            )
        }
        #else
        if let wanted, wanted.credentials != nil {
            throw NetworkError(.unsupported, message: "URLSession takes no credentials for a proxy in its connectionProxyDictionary; the proxy \(wanted) has some. Use AsyncHTTPClientTransport.", request: request)
        }
        #endif
    }

    #if !canImport(FoundationNetworking)
    /// `settings` as CFNetwork's proxy dictionary.
    static func proxyDictionary(_ settings: ProxySettings) -> [AnyHashable: Any] {
        var dictionary: [AnyHashable: Any] = [:]
        let socks = [settings.http, settings.https].compactMap { $0 }.first { $0.kind == .socks5 }
        if let socks {
            dictionary["SOCKSEnable"] = 1
            dictionary["SOCKSProxy"] = socks.host
            dictionary["SOCKSPort"] = socks.port
        }
        if let http = settings.http, http.kind == .http {
            dictionary["HTTPEnable"] = 1
            dictionary["HTTPProxy"] = http.host
            dictionary["HTTPPort"] = http.port
        }
        if let https = settings.https, https.kind == .http {
            dictionary["HTTPSEnable"] = 1
            dictionary["HTTPSProxy"] = https.host
            dictionary["HTTPSPort"] = https.port
        }
        let exceptions = settings.bypass.entries
        if !exceptions.isEmpty { dictionary["ExceptionsList"] = exceptions }
        return dictionary
    }
    #endif
}
