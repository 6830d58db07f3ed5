// The snippets of WebSockets.md and of the README's WebSockets section, kept in step with them so that they
// always compile.
import Courier
import CourierAsyncHTTPClient
import Foundation

// MARK: WebSockets.md

extension Endpoint where Value == Void {
    static var chat: Self { Endpoint(path: "/chat") }
}

func webSocketsOverview(tokens: SessionTokens) async throws {
    let client = Client(transport: AsyncHTTPClientTransport())
        .authorizing(with: .bearer(tokens))
        .targeting(.production)

    let socket = try await client.webSocket(.chat)        // GET https://api.example.com/v1/chat, sent as wss://
    try await socket.send(.text("hello"))
    for try await message in socket.messages {
        switch message {
        case .text(let text): print(text)
        case .binary(let data): print(data.count, "bytes")
        }
    }
    // The loop ends when the server closes; its close frame says why.
    print(socket.peerClose?.code ?? .normalClosure, socket.peerClose?.reason ?? "")
}

func webSocketsCancelling(client: Client) {
    let reader = Task {
        let socket = try await client.webSocket(.chat)
        for try await message in socket.messages { print(message) }
    }
    reader.cancel()   // the wait ends with NetworkError.cancelled; the socket goes with the task
}

func webSocketsLimits(client: Client) async throws {
    let socket = try await client.webSocket(.chat, configuration: WebSocketConfiguration(maxMessageSize: 1 << 20))
    _ = socket
}

// MARK: README.md, WebSockets

func readmeWebSockets(client: Client) async throws {
    let socket = try await client.webSocket(Endpoint<Void>(path: "/chat"))     // ws(s):// from the client's server
    try await socket.send(.text("hello"))
    try await socket.send(.binary(Data([1, 2, 3])))
    for try await message in socket.messages { print(message) }                // ends when the server closes
    print(socket.peerClose?.code ?? .normalClosure, socket.peerClose?.reason ?? "")
    try await socket.close(code: .goingAway, reason: "bye")
}
