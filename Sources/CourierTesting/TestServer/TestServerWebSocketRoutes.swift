import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The WebSocket routes of ``TestServer``, on hummingbird-websocket's server side.
enum TestServerWebSocketRoutes {
    /// The request context of WebSocket routes: Hummingbird's, plus the channel, which `/ws/drop` closes
    /// without a close frame.
    struct Context: RequestContext, WebSocketRequestContext {
        var coreContext: CoreRequestContextStorage
        let webSocket: WebSocketHandlerReference<Context>
        let channel: any Channel

        init(source: ApplicationRequestContextSource) {
            coreContext = CoreRequestContextStorage(source: source)
            webSocket = WebSocketHandlerReference()
            channel = source.channel
        }
    }

    /// Each message the server sends is cut into frames of this size, so clients reassemble fragments.
    static let fragmentSize = 16 * 1024
    /// The largest frame the server accepts; larger than any test sends.
    static let maxFrameSize = 64 << 20

    static func router(state: TestServerState) -> Router<Context> {
        let router = Router(context: Context.self)
        let upgrade: @Sendable (Request, Context) async throws -> RouterShouldUpgrade = { request, _ in
            await state.recordHit(request.uri.path)
            return .upgrade([:])
        }
        router.ws("/ws/echo", shouldUpgrade: upgrade) { inbound, outbound, context in
            try await tracking(context.request.uri.path, in: state) {
                for try await message in inbound.messages(maxSize: maxFrameSize) {
                    try await send(message, to: outbound)
                }
            }
        }
        router.ws("/ws/greet", shouldUpgrade: upgrade) { inbound, outbound, context in
            try await tracking(context.request.uri.path, in: state) {
                try await outbound.write(.text("hello"))
                for try await message in inbound.messages(maxSize: maxFrameSize) {
                    try await send(message, to: outbound)
                }
            }
        }
        // NOTE: the routes below wait for the client's first message before they answer, so a test decides
        // when the server speaks. `/ws/greet` above writes at once; a frame then often shares a TCP read with
        // the 101, the case a client must not drop (WebSocketConformanceTests.greetingAfterUpgrade).
        router.ws("/ws/headers", shouldUpgrade: upgrade) { inbound, outbound, context in
            try await tracking(context.request.uri.path, in: state) {
                var messages = inbound.messages(maxSize: maxFrameSize).makeAsyncIterator()
                _ = try await messages.next()
                var headers: [String: String] = [:]
                for field in context.request.headers {
                    let name = field.name.canonicalName.lowercased()
                    headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
                }
                let json = try JSONEncoder().encode(headers)
                try await outbound.write(.text(String(decoding: json, as: UTF8.self)))
            }
        }
        router.ws("/ws/close", shouldUpgrade: upgrade) { inbound, outbound, context in
            try await tracking(context.request.uri.path, in: state) {
                var messages = inbound.messages(maxSize: maxFrameSize).makeAsyncIterator()
                _ = try await messages.next()
                let query = context.request.uri.queryParameters
                let code = query["code"].flatMap { Int(String($0)) } ?? 1000
                let reason = query["reason"].map(String.init)
                try await outbound.close(.init(codeNumber: code), reason: reason)
            }
        }
        router.ws("/ws/drop", shouldUpgrade: upgrade) { inbound, _, context in
            try await tracking(context.request.uri.path, in: state) {
                var messages = inbound.messages(maxSize: maxFrameSize).makeAsyncIterator()
                _ = try await messages.next()
                // No close frame: the TCP connection just ends.
                try await context.requestContext.channel.close()
            }
        }
        router.ws("/ws/hold/{key}") { request, context in
            await state.recordHit(request.uri.path)
            let key = try context.parameters.require("key")
            await state.hold(key)
            return .upgrade([:])
        } onUpgrade: { inbound, _, context in
            try await tracking(context.request.uri.path, in: state) {
                for try await _ in inbound {}
            }
        }
        return router
    }

    /// Runs a route's handler and records, however it ends, that the WebSocket on `path` ended.
    private static func tracking(_ path: String, in state: TestServerState, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            await state.recordWebSocketEnd(path)
            throw error
        }
        await state.recordWebSocketEnd(path)
    }

    /// Sends `message` back in frames of ``fragmentSize``.
    private static func send(_ message: WebSocketMessage, to outbound: WebSocketOutboundWriter) async throws {
        switch message {
        case .text(let text):
            let buffer = ByteBuffer(string: text)
            try await outbound.withTextMessageWriter { writer in
                for slice in slices(of: buffer) { try await writer(slice) }
            }
        case .binary(let buffer):
            try await outbound.withBinaryMessageWriter { writer in
                for slice in slices(of: buffer) { try await writer(slice) }
            }
        }
    }

    private static func slices(of buffer: ByteBuffer) -> [ByteBuffer] {
        var buffer = buffer
        var slices: [ByteBuffer] = []
        repeat {
            slices.append(buffer.readSlice(length: min(fragmentSize, buffer.readableBytes))!)
        } while buffer.readableBytes > 0
        return slices
    }
}
