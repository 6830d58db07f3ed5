/// Carries an open connection from the end of the chain to ``Client/webSocket(_:configuration:)-(ClientRequest,_)``, on the
/// request of the `101` response, through whatever layers are in between.
///
/// NOTE: it is a reference, so that the copies layers make of the response share one connection, and the
/// first taker owns it. A connection nobody takes (a layer dropped the response: a hedging loser, a
/// response replaced by an error) is aborted when its last copy goes, so no socket outlives its response.
final class WebSocketHandle: Sendable {
    private let connection: Locked<(any WebSocketConnection)?>

    init(_ connection: any WebSocketConnection) {
        self.connection = Locked(connection)
    }

    /// The connection, once; `nil` when another caller took it first.
    func take() -> (any WebSocketConnection)? {
        connection.withLock { connection in
            defer { connection = nil }
            return connection
        }
    }

    deinit {
        take()?.abort()
    }
}

extension WebSocketTransport {
    /// The end of the chain for a WebSocket opening: opens it, and puts the connection on the response.
    func openWebSocketForChain(_ request: ClientRequest) async throws -> ClientResponse {
        var (response, connection) = try await openWebSocket(request)
        response.request.options.webSocketHandle = WebSocketHandle(connection)
        return response
    }
}
