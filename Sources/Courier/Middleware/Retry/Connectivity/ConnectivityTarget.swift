/// The host and port a ``ConnectivityMonitor`` waits for: those of the request that failed.
public struct ConnectivityTarget: Sendable, Hashable, CustomStringConvertible {
    /// A host name, or an IPv4 or IPv6 address (without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int

    /// A target at `host` and `port`.
    public init(host: String, port: Int) {
        precondition((1...65_535).contains(port), "a TCP port is between 1 and 65535")
        self.host = host
        self.port = port
    }

    /// The host and port `request` goes to: its authority's, or its scheme's default port (80 for `http`
    /// and `ws`, 443 for `https` and `wss`); `nil` for a relative request or another scheme.
    public init?(request: ClientRequest) {
        guard let authority = request.head.authority, !authority.isEmpty else { return nil }
        let defaultPort: Int
        switch request.head.scheme?.lowercased() {
        case "http", "ws": defaultPort = 80
        case "https", "wss": defaultPort = 443
        default: return nil
        }
        // Userinfo never reaches a transport (it is refused), but it is no part of the host either.
        var rest = Substring(authority)
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        let host: Substring
        let portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
            portText = nil
        }
        guard !host.isEmpty else { return nil }
        // An empty port (`example.com:`) is the scheme's default, as in the WHATWG URL Standard.
        guard let portText, !portText.isEmpty else {
            self.init(host: String(host), port: defaultPort)
            return
        }
        guard let port = Int(portText), (1...65_535).contains(port) else { return nil }
        self.init(host: String(host), port: port)
    }

    /// `host:port`, with an IPv6 address in brackets.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
