import Foundation
import NIOCore
import NIOPosix

extension MisbehavingServer {
    /// A server too busy to accept, as a loaded one is. It listens with an accept queue of one connection (backlog
    /// 0: Linux holds one more than the backlog) and fills it with a connection of its own, so Linux drops every SYN
    /// that arrives (and counts it in `ListenOverflows`). It accepts nothing until a SYN has been dropped and `delay`
    /// has passed: a client's connect waits for its SYN to be sent again (1 s later on Linux), the wait a slow
    /// `accept()` causes. Without a full queue the kernel completes the handshake itself, and no client could see
    /// the wait before it writes.
    ///
    /// Where the count cannot be read (no `/proc/net/netstat`), it waits `delay` from the start; after 10 s without
    /// a dropped SYN it accepts anyway.
    package static func start(acceptingAfter delay: Duration, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> MisbehavingServer {
        let events = ServerEvents()
        let channel = try await bootstrap(group: group, events: events)
            .serverChannelOption(.backlog, value: 0)
            // NOTE: with autoRead off a listener never reads, and for a listener reading is accepting.
            .serverChannelOption(.autoRead, value: false)
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let port = channel.localAddress?.port ?? 0
        let filler: any Channel
        do {
            filler = try await ClientBootstrap(group: group).connect(host: "127.0.0.1", port: port).get()
        } catch {
            try? await channel.close()
            throw error
        }
        let droppedBefore = ListenOverflows.count()
        let acceptor = Task {
            await ListenOverflows.waitForMore(than: droppedBefore, atMost: .seconds(10))
            try? await Task.sleep(for: delay)
            try? await channel.setOption(.autoRead, value: true).get()
            // Closed with a reset (linger 0), so that the server's side, which waits for requests on a
            // half-closed connection, closes too.
            try? await (filler as? any SocketOptionProvider)?.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
            try? await filler.close()
        }
        return MisbehavingServer(port: port, channel: channel, events: events, acceptor: acceptor)
    }
}

/// Linux's count of SYNs dropped because a listener's accept queue was full: `ListenOverflows` of `TcpExt` in
/// `/proc/net/netstat`, for this network namespace.
enum ListenOverflows {
    /// The count now, or `nil` where it cannot be read.
    static func count() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/net/netstat", encoding: .utf8) else { return nil }
        // Two lines each: the names, then the values.
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("TcpExt:") }
        guard lines.count >= 2 else { return nil }
        let names = lines[0].split(separator: " ")
        let values = lines[1].split(separator: " ")
        guard let index = names.firstIndex(of: "ListenOverflows"), index < values.count else { return nil }
        return Int(values[index])
    }

    /// Returns once the count is above `before`, or after `limit`; at once when `before` is `nil`.
    static func waitForMore(than before: Int?, atMost limit: Duration) async {
        guard let before else { return }
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if let now = count(), now > before { return }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
