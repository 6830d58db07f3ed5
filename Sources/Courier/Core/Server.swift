/// Where relative requests go: scheme, host, port, base path, API version and default headers.
///
/// Endpoints hold only paths, so the same endpoints run against production, staging or a local test
/// server by changing one value:
///
/// ```swift
/// extension Server {
///     static let production = Server(host: "api.example.com", basePath: "/api", version: "v2")
///     static let staging = Server(host: "staging.example.com", basePath: "/api", version: "v2")
///     static let local = Server(scheme: "http", host: "127.0.0.1", port: 8080)
/// }
///
/// let client = Client(transport: URLSessionTransport()).targeting(.production)
/// // Endpoint path "/articles" → https://api.example.com/api/v2/articles
/// ```
public struct Server: Sendable, Hashable {
    /// `http` or `https`.
    public var scheme: String
    /// A host name or an IP address (an IPv6 address without brackets is bracketed for you).
    public var host: String
    /// The port, or `nil` for the scheme's default.
    public var port: Int?
    /// A path every request's path is appended to, such as `/api`.
    public var basePath: String
    /// An API version inserted as a path segment after the base path, such as `v2`.
    public var version: String?
    /// Header fields added to every request that does not set them itself (never to absolute requests,
    /// which may be going to another origin).
    public var headers: [String: String]

    /// Creates a server description.
    ///
    /// The values are the programmer's, not input: a scheme other than `http`/`https`, a port outside
    /// 1…65535 or a host with a path, userinfo or spaces in it stops the program with a message. Use
    /// ``init(url:version:headers:)`` for a base URL that comes from configuration.
    public init(
        scheme: String = "https",
        host: String,
        port: Int? = nil,
        basePath: String = "",
        version: String? = nil,
        headers: [String: String] = [:]
    ) {
        let scheme = scheme.lowercased()
        precondition(scheme == "http" || scheme == "https", "Server scheme must be http or https, not '\(scheme)'")
        precondition(port.map { (1...65535).contains($0) } ?? true, "Server port must be in 1...65535")
        precondition(
            !host.isEmpty && !host.contains { "/@?# ".contains($0) || $0.isNewline },
            "Server host must be a host name or an IP address, without scheme, port, path or userinfo: '\(host)'"
        )
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = basePath
        self.version = version
        self.headers = headers
    }

    /// Creates a server from a base URL such as `https://api.example.com:8443/api`, parsed like
    /// `ClientRequest(url:)` parses a URL (the fragment is ignored).
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL``, or when the URL has a query.
    public init(url: String, version: String? = nil, headers: [String: String] = [:]) throws {
        let parts = try URLStringParser.parse(url)
        guard !parts.pathAndQuery.contains("?") else {
            throw NetworkError(.invalidURL, message: "a server's base URL cannot have a query.")
        }
        var host = Substring(parts.authority)
        var port: Int?
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            port = Int(host[host.index(after: colon)...])
            host = host[..<colon]
        }
        self.init(
            scheme: parts.scheme,
            host: String(host),
            port: port,
            basePath: parts.pathAndQuery == "/" ? "" : parts.pathAndQuery,
            version: version,
            headers: headers
        )
    }

    /// `host[:port]`, with an IPv6 address in brackets.
    public var authority: String {
        let bracketed = host.utf8.contains(UInt8(ascii: ":")) && !host.hasPrefix("[") ? "[\(host)]" : host
        return port.map { "\(bracketed):\($0)" } ?? bracketed
    }

    /// The path prefix: the base path, then the version segment.
    var pathPrefix: String {
        // Path text only: a `?` in a base path is data here (a query belongs to requests, not servers).
        var prefix = PercentEncoding.encode(basePath, allowed: .path, escapes: .keepValid)
        if !prefix.isEmpty, prefix.utf8.first != UInt8(ascii: "/") { prefix = "/" + prefix }
        while prefix.hasSuffix("/") { prefix.removeLast() }
        if let version, !version.isEmpty {
            prefix += "/" + PercentEncoding.encodeComponent(version)
        }
        return prefix
    }

    /// `request` made absolute against this server, with the default headers it lacks; an absolute
    /// request is returned unchanged.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidHeader(name:)`` for a bad default
    ///   header.
    public func resolve(_ request: ClientRequest) throws -> ClientRequest {
        try Resolution(self).apply(to: request)
    }

    /// What resolving a request against a server needs, worked out once: ``Client/targeting(_:)`` keeps
    /// one, so that no request re-encodes the base path or re-validates the default headers.
    struct Resolution: Sendable {
        let pathPrefix: String
        /// The `:scheme` and `:authority` fields, built (and checked) once rather than per request.
        let schemeField: HTTPField?
        let authorityField: HTTPField?
        /// The default headers, validated and in name order, or why one is invalid (thrown per request,
        /// since a client is built without `throws`).
        let fields: Result<[HTTPField], NetworkError>

        init(_ server: Server) {
            pathPrefix = server.pathPrefix
            let template = HTTPRequest(method: .get, scheme: server.scheme, authority: server.authority, path: "/")
            schemeField = template.pseudoHeaderFields.scheme
            authorityField = template.pseudoHeaderFields.authority
            fields = Result {
                try server.headers.keys.sorted().map { try HeaderValidation.field(name: $0, value: server.headers[$0]!) }
            }.mapError { NetworkError.wrapping($0, request: nil) }
        }

        func apply(to request: ClientRequest) throws -> ClientRequest {
            var resolved = request
            try resolve(&resolved)
            return resolved
        }

        /// Makes `request` absolute, in place; it throws before changing anything.
        func resolve(_ request: inout ClientRequest) throws {
            guard request.isRelative else { return }
            let fields = try fields.get()
            request.head.pseudoHeaderFields.scheme = schemeField
            request.head.pseudoHeaderFields.authority = authorityField
            let path = request.head.path ?? "/"
            let rooted = path.utf8.first == UInt8(ascii: "/")
            // A server without a base path leaves a rooted path as it is: no new field to build and check.
            if !(rooted && pathPrefix.isEmpty) {
                request.head.path = pathPrefix + (rooted ? path : "/" + path)
            }
            for field in fields where request.head.headerFields[field.name] == nil {
                request.head.headerFields.append(field)
            }
        }
    }
}
