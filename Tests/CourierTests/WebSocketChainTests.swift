import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// An in-memory connection: what it was sent comes back; it remembers being aborted.
private final class LoopbackConnection: WebSocketConnection {
    private let state = LockedState()

    func send(_ message: WebSocketMessage) async throws { state.append(message) }
    func receive() async throws -> WebSocketMessage? { state.next() }
    func ping() async throws {}
    func close(code: WebSocketCloseCode, reason: String) async throws {}
    var peerClose: WebSocketClose? { nil }
    func abort() { state.abort() }
    var aborted: Bool { state.isAborted }
}

/// `NSLock`-protected storage of ``LoopbackConnection`` (`@unchecked Sendable`: every access takes the lock).
private final class LockedState: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [WebSocketMessage] = []
    private var aborted = false

    func append(_ message: WebSocketMessage) { lock.withLock { messages.append(message) } }
    func next() -> WebSocketMessage? { lock.withLock { messages.isEmpty ? nil : messages.removeFirst() } }
    func abort() { lock.withLock { aborted = true } }
    var isAborted: Bool { lock.withLock { aborted } }
}

/// A transport that opens loopback WebSockets and records the opening requests it was handed.
private final class LoopbackWebSocketTransport: WebSocketTransport, @unchecked Sendable {
    // `@unchecked Sendable`: `opened` and `connections` are touched only under `lock`.
    private let lock = NSLock()
    private var opened: [ClientRequest] = []
    private var connections: [LoopbackConnection] = []

    var openings: [ClientRequest] { lock.withLock { opened } }
    var lastConnection: LoopbackConnection? { lock.withLock { connections.last } }

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        ClientResponse(head: HTTPResponse(status: .ok), request: request)
    }

    func openWebSocket(_ request: ClientRequest) async throws -> (ClientResponse, any WebSocketConnection) {
        let connection = LoopbackConnection()
        lock.withLock {
            opened.append(request)
            connections.append(connection)
        }
        return (ClientResponse(head: HTTPResponse(status: .switchingProtocols), request: request), connection)
    }
}

/// A layer that answers every request itself.
private struct Answering: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        ClientResponse(head: HTTPResponse(status: .ok), request: request)
    }
}

/// A layer that lets the transport open the connection, then drops its response for one of its own.
private struct Dropping: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        _ = try await next(request)
        return ClientResponse(head: HTTPResponse(status: .ok), request: request)
    }
}

@Suite("WebSocket opening through the middleware stack")
struct WebSocketChainTests {
    let server = Server(scheme: "https", host: "chat.example.com", port: nil)

    @Test("the opening request is resolved and signed by the layers before the transport opens it")
    func throughTheStack() async throws {
        let transport = LoopbackWebSocketTransport()
        let client = Client(transport: transport).authorizing(with: .bearer("t0k")).targeting(server)
        let socket = try await client.webSocket(Endpoint<Void>(path: "/rooms/1", query: [URLQueryItem(name: "since", value: "5")]))
        let opening = try #require(transport.openings.first)
        #expect(transport.openings.count == 1)
        #expect(opening.head.scheme == "https")
        #expect(opening.head.authority == "chat.example.com")
        #expect(opening.head.path == "/rooms/1?since=5")
        #expect(opening.head.headerFields[.authorization] == "Bearer t0k")
        #expect(opening.options.webSocket == WebSocketConfiguration())
        #expect(opening.options.cachePolicy == .reloadIgnoringCache)
        #expect(socket.response.status == .switchingProtocols)
        try await socket.send(.text("ping"))
        #expect(try await socket.receive() == .text("ping"))
    }

    @Test("the configuration travels on the request; a cache policy the caller set is kept")
    func configuration() async throws {
        let transport = LoopbackWebSocketTransport()
        var request = try ClientRequest(.get, url: "http://127.0.0.1:9/ws")
        request.options.cachePolicy = .useCache
        _ = try await Client(transport: transport).webSocket(request, configuration: WebSocketConfiguration(maxMessageSize: 1024))
        let opening = try #require(transport.openings.first)
        #expect(opening.options.webSocket?.maxMessageSize == 1024)
        #expect(opening.options.cachePolicy == .useCache)
    }

    @Test("a transport without WebSocket support fails with unsupported and sends nothing")
    func unsupportedTransport() async throws {
        let stub = StubTransport().stub(.get, "/ws", with: .status(200))
        let client = Client(transport: stub).targeting(server)
        let error = await #expect(throws: NetworkError.self) { try await client.webSocket(Endpoint<Void>(path: "/ws")) }
        #expect(error?.kind == .unsupported)
        #expect(error?.request?.head.path == "/ws")
        #expect(stub.requests.isEmpty)
    }

    @Test("only GET opens a WebSocket, and without a body")
    func methodAndBody() async throws {
        let transport = LoopbackWebSocketTransport()
        let client = Client(transport: transport)
        let post = await #expect(throws: NetworkError.self) {
            try await client.webSocket(try ClientRequest(.post, url: "http://127.0.0.1:9/ws"))
        }
        #expect(post?.kind == .unsupported)
        var withBody = try ClientRequest(.get, url: "http://127.0.0.1:9/ws")
        withBody.body = .bytes(Data("x".utf8))
        let body = await #expect(throws: NetworkError.self) { try await client.webSocket(withBody) }
        #expect(body?.kind == .invalidBody)
        #expect(transport.openings.isEmpty)
    }

    @Test("a layer that answers the opening itself gives invalidResponse, not a socket")
    func answeredByALayer() async throws {
        let transport = LoopbackWebSocketTransport()
        let client = Client(transport: transport).with(Answering())
        let error = await #expect(throws: NetworkError.self) {
            try await client.webSocket(try ClientRequest(.get, url: "http://127.0.0.1:9/ws"))
        }
        #expect(error?.kind == .invalidResponse)
        #expect(transport.openings.isEmpty)
    }

    @Test("a connection whose response a layer dropped is aborted, not left open")
    func droppedConnectionIsAborted() async throws {
        let transport = LoopbackWebSocketTransport()
        let client = Client(transport: transport).with(Dropping())
        let error = await #expect(throws: NetworkError.self) {
            try await client.webSocket(try ClientRequest(.get, url: "http://127.0.0.1:9/ws"))
        }
        #expect(error?.kind == .invalidResponse)
        let connection = try #require(transport.lastConnection)
        #expect(connection.aborted)
    }

    @Test("releasing the last reference to a socket aborts its connection")
    func releaseAborts() async throws {
        let transport = LoopbackWebSocketTransport()
        var socket: WebSocket? = try await Client(transport: transport).webSocket(try ClientRequest(.get, url: "http://127.0.0.1:9/ws"))
        let connection = try #require(transport.lastConnection)
        #expect(!connection.aborted)
        socket = nil
        #expect(socket == nil)
        #expect(connection.aborted)
    }

    @Test("ordinary requests still reach send(_:) on a WebSocket transport")
    func ordinaryRequests() async throws {
        let transport = LoopbackWebSocketTransport()
        let response = try await Client(transport: transport).send(try ClientRequest(.get, url: "http://127.0.0.1:9/ws"))
        #expect(response.status == .ok)
        #expect(transport.openings.isEmpty)
    }
}
