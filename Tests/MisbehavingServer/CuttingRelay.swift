import Foundation
import NIOCore
import NIOPosix

/// A TCP relay on 127.0.0.1 in front of a real server (nginx) that cuts the first connections part way:
/// after `cutAfter` bytes of the server's reply (head included), it closes both sides. Later connections
/// pass everything. This is how a test drops a real server's connection half way through a body without
/// changing the server.
package final class CuttingRelay: Sendable {
    package let port: Int
    private let channel: any Channel
    private let counter: ConnectionCounter

    private init(port: Int, channel: any Channel, counter: ConnectionCounter) {
        self.port = port
        self.channel = channel
        self.counter = counter
    }

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// How many connections the relay has accepted.
    package var connections: Int { counter.count }

    /// Starts relaying to `127.0.0.1:upstreamPort`; the first `cuts` connections are cut after `cutAfter`
    /// bytes of the reply.
    package static func start(
        upstreamPort: Int,
        cutAfter: Int,
        cuts: Int = 1,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> CuttingRelay {
        let counter = ConnectionCounter()
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                let budget = counter.next() <= cuts ? cutAfter : nil
                return ClientBootstrap(group: inbound.eventLoop)
                    .channelInitializer { outbound in
                        outbound.eventLoop.makeCompletedFuture {
                            try outbound.pipeline.syncOperations.addHandler(RelayHandler(partner: inbound, budget: budget))
                        }
                    }
                    .connect(host: "127.0.0.1", port: upstreamPort)
                    .flatMap { outbound in
                        // Added before the accepted channel is registered, so no byte of the request is missed.
                        inbound.eventLoop.makeCompletedFuture {
                            try inbound.pipeline.syncOperations.addHandler(RelayHandler(partner: outbound, budget: nil))
                        }
                    }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return CuttingRelay(port: channel.localAddress?.port ?? 0, channel: channel, counter: counter)
    }

    /// Stops listening; relayed connections end when either side closes.
    package func stop() async throws {
        try await channel.close()
    }
}

/// Counts accepted connections.
///
/// `@unchecked Sendable`: `value` is only touched under `lock`.
private final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    /// Counts one more connection and returns its number, from 1.
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// Writes what one side reads to the other; with a `budget`, closes both once that many bytes have passed.
///
/// `@unchecked Sendable`: NIO calls it on its channel's event loop only.
private final class RelayHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let partner: any Channel
    private var budget: Int?

    init(partner: any Channel, budget: Int?) {
        self.partner = partner
        self.budget = budget
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        guard let remaining = budget else {
            partner.writeAndFlush(buffer, promise: nil)
            return
        }
        guard buffer.readableBytes >= remaining else {
            budget = remaining - buffer.readableBytes
            partner.writeAndFlush(buffer, promise: nil)
            return
        }
        let last = buffer.readSlice(length: remaining) ?? ByteBuffer()
        budget = 0
        let partner = partner
        partner.writeAndFlush(last).whenComplete { _ in partner.close(promise: nil) }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
        context.fireChannelInactive()
    }
}
