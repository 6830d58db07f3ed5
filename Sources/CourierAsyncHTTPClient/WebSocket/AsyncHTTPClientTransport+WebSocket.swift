import Courier
import HTTPTypes
import Logging
import WSClient

/// WebSockets over SwiftNIO, with hummingbird-project/swift-websocket's `WebSocketClient`.
///
/// NOTE: why that package: the test server's WebSocket routes need hummingbird-websocket, which is built on
/// it, so the client adds no package to the graph; it is async/await and `Sendable` throughout, reassembles
/// fragments under a size limit, answers pings, and reports the peer's close code *and* reason (vapor's
/// websocket-kit keeps only the code, and pushes messages through callbacks without back-pressure).
/// What it does not give: the `101` response's header fields, the status of a refused upgrade, and the
/// pongs to our pings.
extension AsyncHTTPClientTransport: WebSocketTransport {
    /// Opens a WebSocket on a connection of its own (not from AsyncHTTPClient's pool), on the same event
    /// loops and with the same TLS configuration as the client (a borrowed `HTTPClient`'s is not known:
    /// the defaults are used). The returned `101` response has no header fields: swift-websocket does not
    /// pass them on.
    ///
    /// - Throws: `NetworkError`: `invalidURL` for a request that is not absolute `http` or `https`;
    ///   `unsupported` for `https` when ``Configuration/pinnedPublicKeys`` is set (the pins cannot be checked);
    ///   `invalidResponse` when the server does not switch protocols (its status is not known);
    ///   `timedOut` when the handshake takes longer than `RequestOptions.timeout`; `cannotConnect`, `tlsFailure`,
    ///   `cancelled`, `shutdown`.
    public func openWebSocket(_ request: ClientRequest) async throws -> (ClientResponse, any WebSocketConnection) {
        try request.checkHeadForTheWire()
        guard !isShutDown else {
            throw NetworkError(.shutdown, message: "the transport was shut down before the WebSocket opened.", request: request)
        }
        let url = try Self.webSocketURL(of: request)
        let secure = url.hasPrefix("wss:")
        guard !(secure && pinsPublicKeys) else {
            // NOTE: refused rather than opened unpinned: the pins are a promise about every connection.
            throw NetworkError(
                .unsupported,
                message: "pinnedPublicKeys cannot be checked on a WebSocket connection; nothing was sent.",
                request: request
            )
        }
        let settings = request.options.webSocket ?? WebSocketConfiguration()
        var headers = request.head.headerFields
        // swift-websocket writes Host (and Origin) from the URL itself.
        headers[HTTPField.Name("Host")!] = nil
        let configuration = WebSocketClientConfiguration(
            // SwiftNIO's frame decoder takes at most UInt32.max (it traps above): a larger limit means "no
            // single frame is too large" anyway.
            maxFrameSize: Swift.min(settings.maxMessageSize, Int(UInt32.max)),
            additionalHeaders: headers,
            validateUTF8: true
        )
        let tls = secure ? webSocketTLS : nil
        let group = client.eventLoopGroup
        let open: @Sendable () async throws -> SwiftWebSocketConnection = {
            try await SwiftWebSocketConnection.open(
                request,
                url: url,
                configuration: configuration,
                maxMessageSize: settings.maxMessageSize,
                tls: tls,
                group: group,
                logger: Logger(label: "courier.websocket", factory: { _ in SwiftLogNoOpLogHandler() })
            )
        }
        let connection: SwiftWebSocketConnection
        if let timeout = request.options.timeout {
            connection = try await Self.within(timeout, request: request, open)
        } else {
            connection = try await open()
        }
        let response = ClientResponse(head: HTTPResponse(status: .switchingProtocols), request: request)
        return (response, connection)
    }

    /// Runs the opening handshake within `timeout` (``RequestOptions/timeout``: for a WebSocket, the
    /// handshake is the whole exchange), or fails with `timedOut`; a connection that opens too late is dropped.
    private static func within(
        _ timeout: Duration,
        request: ClientRequest,
        _ open: @escaping @Sendable () async throws -> SwiftWebSocketConnection
    ) async throws -> SwiftWebSocketConnection {
        try await withThrowingTaskGroup(of: SwiftWebSocketConnection?.self) { group in
            group.addTask { try await open() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.nextResult()
            group.cancelAll()
            // NOTE: the loser may still be a connection (it opened as the time ran out): it must not stay open.
            while let late = await group.nextResult() {
                if case .success(let connection?) = late { connection.abort() }
            }
            switch first {
            case .success(let connection?)?:
                return connection
            case .failure(let error)?:
                throw error
            case .success(nil)?, nil:
                throw NetworkError(.timedOut, message: "the WebSocket did not open within \(timeout).", request: request)
            }
        }
    }

    /// `ws://` or `wss://` with the request's authority, path and query.
    private static func webSocketURL(of request: ClientRequest) throws -> String {
        let scheme: String
        switch request.head.scheme?.lowercased() {
        case "http", "ws": scheme = "ws"
        case "https", "wss": scheme = "wss"
        default:
            throw NetworkError(.invalidURL, message: "a WebSocket needs an absolute http or https URL.", request: request)
        }
        guard let authority = request.head.authority, !authority.isEmpty else {
            throw NetworkError(.invalidURL, message: "a WebSocket needs an absolute http or https URL.", request: request)
        }
        let path = request.head.path ?? "/"
        return "\(scheme)://\(authority)\(path.isEmpty ? "/" : path)"
    }
}
