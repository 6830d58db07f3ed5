import Foundation
import NIOCore

/// Reads requests on one connection, records them, and misbehaves as each one's path says.
///
/// `@unchecked Sendable`: NIO calls it on its channel's event loop only, and the pump reschedules itself
/// there.
final class MisbehavingHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    typealias Behaviour = MisbehavingServer.Behaviour

    let events: ServerEvents
    private var reader = RequestReader()
    /// The request whose body is being read, and how much of it arrived.
    private var current: (head: RequestReader.Head, bodyBytes: Int, answered: Bool)?
    private var requestsOnConnection = 0
    /// The path of the connection's first request, which close events are counted under.
    private var firstPath: String?
    private var closed = false
    /// Set while an endless body is being written.
    private var pumping: String?

    init(events: ServerEvents) {
        self.events = events
    }

    func channelActive(context: ChannelHandlerContext) {
        events.connectionOpened()
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reader.append(unwrapInboundIn(data))
        while !closed, let event = reader.next() {
            handle(event, context: context)
        }
    }

    private func handle(_ event: RequestReader.Event, context: ChannelHandlerContext) {
        switch event {
        case .head(let head):
            requestsOnConnection += 1
            if firstPath == nil { firstPath = head.path }
            events.recordRequest(head.path)
            current = (head, 0, false)
            let behaviour = Behaviour(rawValue: head.path) ?? .ok
            if behaviour == .earlyAnswer {
                current?.answered = true
                respond(behaviour, to: head, context: context)
            } else if head.headers.contains(where: { $0.name.lowercased() == "expect" && $0.value.lowercased() == "100-continue" }) {
                write("HTTP/1.1 100 Continue\r\n\r\n", context: context)
            }
        case .body(let count):
            current?.bodyBytes += count
        case .end:
            guard let request = current else { return }
            current = nil
            record(request, complete: true)
            if !request.answered {
                respond(Behaviour(rawValue: request.head.path) ?? .ok, to: request.head, context: context)
            }
        }
    }

    private func record(_ request: (head: RequestReader.Head, bodyBytes: Int, answered: Bool), complete: Bool) {
        events.recordReceived(.init(
            method: request.head.method,
            path: request.head.path,
            target: request.head.target,
            bodyBytes: request.bodyBytes,
            complete: complete,
            indexOnConnection: requestsOnConnection,
            rawHead: request.head.raw
        ))
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        if let request = current {
            current = nil
            record(request, complete: false)
        }
        events.connectionClosed()
        if let firstPath { events.recordClose(firstPath) }
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let firstPath, event as? ChannelEvent == .inputClosed {
            events.recordClose(firstPath)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if pumping != nil, context.channel.isWritable { pump(context: context) }
        context.fireChannelWritabilityChanged()
    }

    // MARK: Writing

    func write(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)), promise: nil)
    }

    func write(_ bytes: [UInt8], context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
    }

    /// Writes a whole reply and closes, so that no connection is reused from one case to the next.
    ///
    /// NOTE: the close is not announced (many replies are malformed on purpose, and a field added to them
    /// would change what they test). A client that pools the connection may race the close and send its
    /// next request on it; well-formed replies that tests send one after another on one transport say
    /// `Connection: close` themselves.
    func reply(_ text: String, context: ChannelHandlerContext) {
        reply(Array(text.utf8), context: context)
    }

    func reply(_ bytes: [UInt8], context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    func close(context: ChannelHandlerContext) {
        closed = true
        context.close(promise: nil)
    }

    var isFirstRequestOnConnection: Bool { requestsOnConnection == 1 }

    /// Starts writing a chunked body that never ends, as fast as the connection takes it.
    func startPumping(_ path: String, context: ChannelHandlerContext) {
        write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n", context: context)
        pumping = path
        pump(context: context)
    }

    private static let chunk: ByteBuffer = {
        var buffer = ByteBuffer(string: String(64 * 1024, radix: 16) + "\r\n")
        buffer.writeRepeatingByte(UInt8(ascii: "x"), count: 64 * 1024)
        buffer.writeString("\r\n")
        return buffer
    }()

    private func pump(context: ChannelHandlerContext) {
        guard let path = pumping else { return }
        while !closed, context.channel.isWritable {
            context.write(wrapOutboundOut(Self.chunk), promise: nil)
            events.recordSent(path, bytes: 64 * 1024)
        }
        context.flush()
    }
}
