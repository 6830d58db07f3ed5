import Foundation

extension ProxySettings {
    /// The proxies the environment names, read as curl reads them:
    /// - `http_proxy` for `http` URLs — lower case only: a web server sets `HTTP_PROXY` from a request's
    ///   `Proxy:` header for CGI programs ("httpoxy"), so curl ignores the upper-case name and so does this;
    /// - `https_proxy` or `HTTPS_PROXY` for `https` URLs;
    /// - `all_proxy` or `ALL_PROXY` for either when its own is not set;
    /// - `no_proxy` or `NO_PROXY`: the hosts reached directly (``ProxyBypass``).
    ///
    /// The lower-case name wins when both are set; an empty value counts as unset.
    ///
    /// - Throws: the ``Proxy/init(url:)`` error of a variable that does not name a usable proxy, with the
    ///   variable's name in the message: a typo in `https_proxy` should not quietly send traffic direct.
    public static func environment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(NetworkError) -> ProxySettings {
        /// The first of `names` set to something other than spaces, and its value.
        func value(_ names: String...) -> (name: String, value: String)? {
            for name in names {
                if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return (name, value) }
            }
            return nil
        }
        /// The proxy `found` names, its error prefixed with the variable's name.
        func proxy(_ found: (name: String, value: String)?) throws(NetworkError) -> Proxy? {
            guard let found else { return nil }
            do {
                return try Proxy(url: found.value)
            } catch {
                throw NetworkError(error.kind, message: "\(found.name): \(error.message ?? error.kind.description)")
            }
        }
        let all = try proxy(value("all_proxy", "ALL_PROXY"))
        return ProxySettings(
            http: try proxy(value("http_proxy")) ?? all,
            https: try proxy(value("https_proxy", "HTTPS_PROXY")) ?? all,
            bypass: ProxyBypass(list: value("no_proxy", "NO_PROXY")?.value ?? "")
        )
    }
}
