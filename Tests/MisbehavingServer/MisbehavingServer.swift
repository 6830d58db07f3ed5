import Foundation
import NIOCore
import NIOPosix

/// A raw TCP server on 127.0.0.1 that answers HTTP requests badly on purpose, chosen by the request
/// path: the faults of RELIABILITY.md sections A–D, and those of hostile real servers, that a
/// well-behaved server (Hummingbird) cannot produce.
///
/// It reads request bodies (`Content-Length` or chunked) and records every request it received — its
/// path, method and how many body bytes arrived — so that tests can count writes at the server: a
/// duplicated POST or a replay with an empty body shows here, whatever the client believes it sent.
package final class MisbehavingServer: Sendable {
    /// What the server does once it has read a request head.
    package enum Behaviour: String, CaseIterable, Sendable {
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
        /// A valid 200 with `{"ok":true}`, then closes: a control.
        case ok = "/ok"
        /// A valid 200 with `{"ok":true}`, and the connection stays open for the next request.
        case keepAlive = "/keep-alive"
        /// The first request on a connection gets a kept-alive 200; any later request on the same
        /// connection is read whole and the connection closed without an answer — the race of a server
        /// closing an idle keep-alive connection just as the client reuses it.
        case dropOnReuse = "/drop-on-reuse"
        /// As ``dropOnReuse``, but a later request on the connection is answered with a reset (RST) once
        /// read, not a close.
        case resetOnReuse = "/reset-on-reuse"
        /// A kept-alive 200 with `{"ok":true}`, sent whole `?ms=` milliseconds (300 by default) after the request
        /// was read: a slow first byte.
        case slowFirstByte = "/slow-first-byte"
        /// A kept-alive 200 whose head is sent at once and whose 11-byte body `?ms=` milliseconds (300 by
        /// default) later: a slow body.
        case slowBodyEnd = "/slow-body-end"
        /// A kept-alive 200 (nothing says the connection will close), then the connection is closed once it
        /// has been idle `?after=` milliseconds (0 by default): a server with a short keep-alive timeout.
        case closeWhenIdle = "/close-when-idle"
        /// Answers as soon as the request head is read, before the body (status from `?status=`, 302 by
        /// default; `?close=1` closes the connection right after), then reads and counts the body anyway.
        case earlyAnswer = "/early-answer"
        /// A chunked 200 whose body never ends, written as fast as the connection takes it.
        case endless = "/endless"
        /// A 200 (or `?status=`) whose `Retry-After` and `X-Empty` fields have empty values (legal, RFC 9110 §5.5).
        case emptyHeaderValue = "/empty-header-value"
        /// `hello` gzipped ten times, with ten `Content-Encoding: gzip` field lines.
        case stackedGzip = "/stacked-gzip"
        /// `hello` gzipped ten times, with one `Content-Encoding: gzip, gzip, …` line.
        case stackedGzipList = "/stacked-gzip-list"
        /// `hello` gzipped twice, with one `Content-Encoding: gzip, gzip` line.
        case doubleGzip = "/double-gzip"
        /// A kept-alive 200 with `Content-Length: 2` followed by more bytes than that; the next request on
        /// the connection gets a valid answer.
        case extraBytes = "/extra-bytes"
        /// A `302` whose `Location` is the `?to=` value percent-decoded, written byte for byte: a server
        /// that sends control bytes in a redirect.
        case redirectTo = "/redirect-to"
    }

    /// One request as the server received it.
    package struct ReceivedRequest: Sendable, Equatable {
        package var method: String
        package var path: String
        /// The request target: the path with its query.
        package var target: String
        /// The body bytes that arrived; for a body cut short, what arrived before the connection closed.
        package var bodyBytes: Int
        /// Whether the whole announced body arrived.
        package var complete: Bool
        /// Which request this was on its connection, from 1.
        package var indexOnConnection: Int
        /// The request head's bytes exactly as they arrived, up to and including the blank line.
        package var rawHead: [UInt8] = []
    }

    package let port: Int
    private let channel: any Channel
    private let events: ServerEvents
    /// What lets a server started by ``start(acceptingAfter:group:)`` accept; `nil` for the others.
    private let acceptor: Task<Void, Never>?

    init(port: Int, channel: any Channel, events: ServerEvents, acceptor: Task<Void, Never>? = nil) {
        self.port = port
        self.channel = channel
        self.events = events
        self.acceptor = acceptor
    }

    package var baseURL: String { "http://127.0.0.1:\(port)" }

    package static func start(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> MisbehavingServer {
        let events = ServerEvents()
        let channel = try await bootstrap(group: group, events: events).bind(host: "127.0.0.1", port: 0).get()
        return MisbehavingServer(port: channel.localAddress?.port ?? 0, channel: channel, events: events)
    }

    /// The listener every kind of server starts from: each connection misbehaves as its requests ask.
    static func bootstrap(group: any EventLoopGroup, events: ServerEvents) -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(MisbehavingHandler(events: events))
                }
            }
    }

    /// Runs `body` with a server ``start(acceptingAfter:group:)`` made, and stops it after.
    package static func withRunning<T: Sendable>(acceptingAfter delay: Duration, _ body: (MisbehavingServer) async throws -> T) async throws -> T {
        try await run(try await start(acceptingAfter: delay), body)
    }

    package static func withRunning<T: Sendable>(_ body: (MisbehavingServer) async throws -> T) async throws -> T {
        try await run(try await start(), body)
    }

    private static func run<T: Sendable>(_ server: MisbehavingServer, _ body: (MisbehavingServer) async throws -> T) async throws -> T {
        do {
            let result = try await body(server)
            try? await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// Stops listening; connections already open stay until either side closes them.
    package func stop() async throws {
        acceptor?.cancel()
        try await channel.close()
    }

    /// How many request heads arrived for `behaviour`'s path.
    package func requests(_ behaviour: Behaviour) -> Int {
        events.requests(behaviour.rawValue)
    }

    /// Every request that arrived for `behaviour`'s path, its body counted; a request whose body is still
    /// arriving is not listed yet.
    package func received(_ behaviour: Behaviour) -> [ReceivedRequest] {
        events.received(behaviour.rawValue)
    }

    /// Every request that arrived, on any path, as ``received(_:)``.
    package func allReceived() -> [ReceivedRequest] {
        events.allReceived()
    }

    /// Every request that arrived for `path`, as ``received(_:)``.
    package func received(path: String) -> [ReceivedRequest] {
        events.received(path)
    }

    /// How many connections that had asked for `behaviour` have closed, by either side.
    package func closes(_ behaviour: Behaviour) -> Int {
        events.closes(behaviour.rawValue)
    }

    /// The body bytes written so far to connections that asked for `behaviour` (``Behaviour/endless``).
    package func bytesSent(_ behaviour: Behaviour) -> Int {
        events.bytesSent(behaviour.rawValue)
    }

    /// How many connections are open now.
    package var openConnections: Int {
        events.openConnections
    }

    /// Returns once a connection that had asked for `behaviour` closed, by either side (the client, for the
    /// tests that wait for it; the server itself, for ``Behaviour/closeWhenIdle``).
    package func waitForClientClose(on behaviour: Behaviour) async {
        await events.waitForClose(behaviour.rawValue)
    }
}
