import Foundation
import NIOCore
import NIOPosix

/// A raw TCP server on 127.0.0.1 that answers HTTP requests badly on purpose, chosen by the request
/// path: the faults of RELIABILITY.md sections A–D that a well-behaved server (Hummingbird) cannot
/// produce.
final class MisbehavingServer: Sendable {
    /// What the server does once it has read a request head.
    enum Behaviour: String, CaseIterable, Sendable {
        /// Closes the connection without answering.
        case closeBeforeResponse = "/close-before-response"
        /// Sends a head announcing 100 000 bytes and 1 000 of them, then resets the connection.
        case resetMidBody = "/reset-mid-body"
        /// Shuts its write side and keeps the socket open.
        case halfClose = "/half-close"
        /// Sends nothing at all.
        case stallHeaders = "/stall-headers"
        /// Sends a head announcing 1 000 bytes and 10 of them, then nothing.
        case stallBody = "/stall-body"
        /// Announces `Content-Length: 10`, sends 5 bytes, then closes.
        case shortBody = "/short-body"
        /// Chunked encoding with a chunk size of `zz`.
        case badChunkSize = "/bad-chunk-size"
        /// Chunked encoding with an overflowing chunk size.
        case overflowChunkSize = "/overflow-chunk-size"
        /// Chunked data cut short, then close.
        case truncatedChunked = "/truncated-chunked"
        /// `HTP/1.1 200 OK`.
        case badStatusLine = "/bad-status-line"
        /// `HTTP/1.1 2147483648 OK`.
        case hugeStatusCode = "/huge-status-code"
        /// TLS handshake bytes where an HTTP response belongs.
        case tlsBytes = "/tls-bytes"
        /// Two different `Content-Length` fields.
        case conflictingContentLength = "/conflicting-content-length"
        /// `Content-Length` together with `Transfer-Encoding: chunked`.
        case contentLengthAndChunked = "/content-length-and-chunked"
        /// 1 MiB of response header fields.
        case hugeHeaders = "/huge-headers"
        /// 10 000 `102 Processing` responses before the real one.
        case informationalFlood = "/informational-flood"
        /// Trailers that try to set `Content-Length`, `Transfer-Encoding` and `Set-Cookie`.
        case pathologicalTrailers = "/pathological-trailers"
        /// Sends nothing to the first request on this path, and `{"ok":true}` to every later one: a
        /// server that is slow once, for hedging.
        case slowFirst = "/slow-first"
        /// A valid 200 with `{"ok":true}`: a control.
        case ok = "/ok"
    }

    let port: Int
    private let channel: any Channel
    private let events: ServerEvents

    private init(port: Int, channel: any Channel, events: ServerEvents) {
        self.port = port
        self.channel = channel
        self.events = events
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    static func start() async throws -> MisbehavingServer {
        let events = ServerEvents()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(MisbehavingHandler(events: events))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return MisbehavingServer(port: channel.localAddress?.port ?? 0, channel: channel, events: events)
    }

    static func withRunning<T: Sendable>(_ body: (MisbehavingServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let result = try await body(server)
            try? await server.channel.close()
            return result
        } catch {
            try? await server.channel.close()
            throw error
        }
    }

    /// How many requests arrived for `behaviour`'s path.
    func requests(_ behaviour: Behaviour) -> Int {
        events.requests(behaviour.rawValue)
    }

    /// How many connections that had asked for `behaviour` have closed, by either side.
    func closes(_ behaviour: Behaviour) -> Int {
        events.closes(behaviour.rawValue)
    }

    /// Returns once a client closed a connection that had asked for `behaviour`.
    func waitForClientClose(on behaviour: Behaviour) async {
        await events.waitForClose(behaviour.rawValue)
    }
}

/// Counts requests and client closes per path.
///
/// `@unchecked Sendable`: all state is touched under `lock`.
final class ServerEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var requestCounts: [String: Int] = [:]
    private var closes: [String: Int] = [:]
    private var closeWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    func recordRequest(_ path: String) {
        lock.withLock { requestCounts[path, default: 0] += 1 }
    }

    func requests(_ path: String) -> Int {
        lock.withLock { requestCounts[path, default: 0] }
    }

    func closes(_ path: String) -> Int {
        lock.withLock { closes[path, default: 0] }
    }

    func recordClose(_ path: String) {
        let waiters = lock.withLock {
            closes[path, default: 0] += 1
            return closeWaiters.removeValue(forKey: path) ?? []
        }
        waiters.forEach { $0.resume() }
    }

    func waitForClose(_ path: String) async {
        await withCheckedContinuation { continuation in
            let already = lock.withLock {
                if closes[path, default: 0] > 0 { return true }
                closeWaiters[path, default: []].append(continuation)
                return false
            }
            if already { continuation.resume() }
        }
    }
}

/// Reads one request head per connection and misbehaves as its path says.
private final class MisbehavingHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let events: ServerEvents
    private var received = ""
    private var path: String?
    private var answered = false

    init(events: ServerEvents) {
        self.events = events
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        received += buffer.readString(length: buffer.readableBytes) ?? ""
        guard !answered, let end = received.range(of: "\r\n\r\n") else { return }
        let requestLine = received[..<end.lowerBound].split(separator: "\r\n").first ?? ""
        let parts = requestLine.split(separator: " ")
        let target = parts.count > 1 ? String(parts[1]) : "/"
        let path = String(target.split(separator: "?").first ?? "/")
        self.path = path
        answered = true
        events.recordRequest(path)
        respond(MisbehavingServer.Behaviour(rawValue: path) ?? .ok, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let path { events.recordClose(path) }
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let path, event as? ChannelEvent == .inputClosed {
            events.recordClose(path)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func write(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)), promise: nil)
    }

    /// Writes a whole reply and closes, so that no connection is reused from one case to the next.
    private func reply(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func respond(_ behaviour: MisbehavingServer.Behaviour, context: ChannelHandlerContext) {
        let close = { context.close(promise: nil) }
        switch behaviour {
        case .closeBeforeResponse:
            close()
        case .resetMidBody:
            write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + String(repeating: "x", count: 1000), context: context)
            context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(50)) {
                // SO_LINGER with a zero timeout turns close() into a reset (RST).
                guard let options = context.channel as? any SocketOptionProvider else { return close() }
                options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in close() }
            }
        case .halfClose:
            context.close(mode: .output, promise: nil)
        case .stallHeaders:
            break
        case .stallBody:
            write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n0123456789", context: context)
        case .shortBody:
            write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345", context: context)
            close()
        case .badChunkSize:
            reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", context: context)
        case .overflowChunkSize:
            reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\nhello\r\n0\r\n\r\n", context: context)
        case .truncatedChunked:
            write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nhello", context: context)
            close()
        case .badStatusLine:
            reply("HTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", context: context)
        case .hugeStatusCode:
            reply("HTTP/1.1 2147483648 OK\r\nContent-Length: 2\r\n\r\nok", context: context)
        case .tlsBytes:
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: [0x16, 0x03, 0x01, 0x00, 0x2f, 0x01, 0x00, 0x00, 0x2b, 0x03, 0x03])), promise: nil)
            close()
        case .conflictingContentLength:
            reply("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", context: context)
        case .contentLengthAndChunked:
            reply("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", context: context)
        case .hugeHeaders:
            let field = "X-Filler: " + String(repeating: "a", count: 1000) + "\r\n"
            reply("HTTP/1.1 200 OK\r\n" + String(repeating: field, count: 1024) + "Content-Length: 2\r\n\r\nok", context: context)
        case .informationalFlood:
            reply(String(repeating: "HTTP/1.1 102 Processing\r\n\r\n", count: 10_000) + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", context: context)
        case .pathologicalTrailers:
            reply(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: Content-Length, Set-Cookie\r\n\r\n"
                    + "5\r\nhello\r\n0\r\nContent-Length: 999\r\nTransfer-Encoding: gzip\r\nSet-Cookie: stolen=1\r\n\r\n",
                context: context
            )
        case .slowFirst where events.requests(MisbehavingServer.Behaviour.slowFirst.rawValue) == 1:
            break
        case .ok, .slowFirst:
            reply("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}", context: context)
        }
    }
}
