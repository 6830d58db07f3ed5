import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// The Python `websockets` server that `scripts/openapi-e2e/start.sh` starts (scripts/openapi-e2e/websocket_server.py).
///
/// A bare `swift test` without `WEBSOCKET_URL` skips this suite, unless `CI` or `COURIER_REQUIRE_E2E` is set: then
/// each test fails at once, naming the variable (scripts/test.sh sets `COURIER_REQUIRE_E2E=1`).
enum WebSocketE2E {
    static var url: String? {
        guard let value = ProcessInfo.processInfo.environment["WEBSOCKET_URL"], !value.isEmpty else { return nil }
        return value
    }

    static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["CI"] != nil || environment["COURIER_REQUIRE_E2E"] != nil
    }

    /// Runs `body` with a client over `AsyncHTTPClientTransport` aimed at the server.
    static func withClient(_ body: (Client) async throws -> Void) async throws {
        let url = try #require(url, "WEBSOCKET_URL is not set: run `source scripts/openapi-e2e/start.sh` first (scripts/test.sh does)")
        let transport = AsyncHTTPClientTransport()
        do {
            try await body(Client(transport: transport).targeting(try Server(url: url)))
            try await transport.shutdown()
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }
}

@Suite(
    "WebSockets against Python's websockets server",
    .timeLimit(.minutes(1)),
    .enabled(if: WebSocketE2E.url != nil || WebSocketE2E.isRequired, "WEBSOCKET_URL is not set: source scripts/openapi-e2e/start.sh")
)
struct WebSocketE2ETests {
    @Test("text and binary messages come back as they were sent")
    func echo() async throws {
        try await WebSocketE2E.withClient { client in
            let socket = try await client.webSocket(Endpoint<Void>(path: "/echo"))
            try await socket.send(.text("héllo"))
            #expect(try await socket.receive() == .text("héllo"))
            let bytes = generatedBytes(count: 2 * 1024 * 1024 + 3)
            try await socket.send(.binary(bytes))
            #expect(try await socket.receive() == .binary(bytes))
            try await socket.close()
        }
    }

    @Test("a 1 MiB message sent as 64 fragments arrives whole")
    func fragments() async throws {
        try await WebSocketE2E.withClient { client in
            let query = [URLQueryItem(name: "count", value: "64"), URLQueryItem(name: "size", value: "16384")]
            let socket = try await client.webSocket(Endpoint<Void>(path: "/fragments", query: query))
            let chunk = digits(16384)
            #expect(try await socket.receive() == .text(String(repeating: chunk, count: 64)))
            try await socket.close()
        }
    }

    @Test("the server's close code and reason are reported")
    func serverClose() async throws {
        try await WebSocketE2E.withClient { client in
            let query = [URLQueryItem(name: "code", value: "4002"), URLQueryItem(name: "reason", value: "maintenance")]
            let socket = try await client.webSocket(Endpoint<Void>(path: "/close", query: query))
            #expect(try await socket.receive() == nil)
            #expect(socket.peerClose == WebSocketClose(code: WebSocketCloseCode(rawValue: 4002), reason: "maintenance"))
        }
    }

    @Test("a dropped connection fails the reader with connectionClosed")
    func abruptDisconnect() async throws {
        try await WebSocketE2E.withClient { client in
            let socket = try await client.webSocket(Endpoint<Void>(path: "/drop"))
            try await socket.send(.text("bye"))
            let error = await #expect(throws: NetworkError.self) { try await socket.receive() }
            #expect(error?.kind == .connectionClosed)
        }
    }

    @Test("maxMessageSize stops a fragmented message with bodyTooLarge, and a single larger frame with connectionClosed")
    func maxMessageSize() async throws {
        try await WebSocketE2E.withClient { client in
            let limit = WebSocketConfiguration(maxMessageSize: 64 * 1024)
            let fragmented = [URLQueryItem(name: "count", value: "8"), URLQueryItem(name: "size", value: "16384")]
            let socket = try await client.webSocket(Endpoint<Void>(path: "/fragments", query: fragmented), configuration: limit)
            let error = await #expect(throws: NetworkError.self) { try await socket.receive() }
            #expect(error?.kind == .bodyTooLarge)

            let single = [URLQueryItem(name: "count", value: "1"), URLQueryItem(name: "size", value: "100000")]
            let other = try await client.webSocket(Endpoint<Void>(path: "/fragments", query: single), configuration: limit)
            // SwiftNIO refuses the frame (sending 1009) and closes before swift-websocket can tell: the reader
            // sees the connection end, with a message that names the limit. Nothing past the limit is buffered.
            let frameError = await #expect(throws: NetworkError.self) { try await other.receive() }
            #expect(frameError?.kind == .connectionClosed)
            #expect(frameError?.message?.contains("maxMessageSize (65536 bytes)") == true)
        }
    }

    @Test("the authorizing layer's header reaches the server with the opening request")
    func authorization() async throws {
        let url = try #require(WebSocketE2E.url, "WEBSOCKET_URL is not set")
        let transport = AsyncHTTPClientTransport()
        let client = Client(transport: transport).authorizing(with: .bearer("py-token")).targeting(try Server(url: url))
        let socket = try await client.webSocket(Endpoint<Void>(path: "/headers"))
        guard case .text(let json)? = try await socket.receive() else {
            Issue.record("expected a text message")
            return
        }
        let headers = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(headers["authorization"] == "Bearer py-token")
        #expect(headers["upgrade"]?.lowercased() == "websocket")
        try await socket.close()
        try await transport.shutdown()
    }

    @Test("the server's ping is answered with a pong; our ping leaves the connection working")
    func pingPong() async throws {
        try await WebSocketE2E.withClient { client in
            let pinged = try await client.webSocket(Endpoint<Void>(path: "/ping"))
            #expect(try await pinged.receive() == .text("pong received"))
            try await pinged.close()

            let socket = try await client.webSocket(Endpoint<Void>(path: "/echo"))
            try await socket.ping()
            try await socket.send(.text("after ping"))
            #expect(try await socket.receive() == .text("after ping"))
            try await socket.close(code: WebSocketCloseCode(rawValue: 4000), reason: "finished")
        }
    }
}
