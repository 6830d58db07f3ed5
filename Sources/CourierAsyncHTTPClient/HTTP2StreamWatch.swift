import NIOCore
import NIOHTTP2

/// Tells, on AsyncHTTPClient's HTTP/2 connections, a stream the server never processed from one it reset.
///
/// NOTE: AsyncHTTPClient 1.37 fails a request whose stream a `GOAWAY` dropped, or the server refused, with the
/// stream's close error, and does not send it again. RFC 9113 §8.7 says such a request was not processed and
/// may be sent again whatever its method. NIOHTTP2 closes the streams past a `GOAWAY`'s last stream ID with
/// `CANCEL`, the code a server's own `RST_STREAM(CANCEL)` also carries; so each connection notes the lowest
/// last stream ID its `GOAWAY`s named (``GoAwayRecord``, last in the connection's pipeline: NIOHTTP2 passes the
/// frame on before it closes the dropped streams), and each stream turns a close past it, or a
/// `REFUSED_STREAM`, into ``UnprocessedStream`` (``StreamCloseReading``, first in the stream's pipeline, so
/// AsyncHTTPClient's handler fails the request with it). The transport replays on ``UnprocessedStream``;
/// `HTTP2Tests.goAwayReplaysOnlyUnprocessedStreams` fails if a release changes any of this.
enum HTTP2StreamWatch {
    /// Run on each new HTTP/2 connection (AsyncHTTPClient's `http2ConnectionDebugInitializer`).
    static func watchConnection(_ channel: any Channel) -> EventLoopFuture<Void> {
        onLoop(of: channel) {
            try channel.pipeline.syncOperations.addHandler(GoAwayRecord())
        }
    }

    /// Run on each new stream (AsyncHTTPClient's `http2StreamChannelDebugInitializer`).
    static func watchStream(_ channel: any Channel) -> EventLoopFuture<Void> {
        onLoop(of: channel) {
            // A stream runs on its connection's event loop, so the connection's pipeline is read here safely.
            let record = try? channel.parent?.pipeline.syncOperations.handler(type: GoAwayRecord.self)
            try channel.pipeline.syncOperations.addHandler(StreamCloseReading(record: record), position: .first)
        }
    }

    /// Runs `change` on `channel`'s event loop: at once when already there (AsyncHTTPClient calls both
    /// initializers from the loop, once per stream), without a task and a promise.
    private static func onLoop(of channel: any Channel, _ change: @escaping @Sendable () throws -> Void) -> EventLoopFuture<Void> {
        guard channel.eventLoop.inEventLoop else { return channel.eventLoop.submit(change) }
        return channel.eventLoop.makeCompletedFuture(Result(catching: change))
    }
}

/// The server did not process the request: its HTTP/2 stream was refused (`REFUSED_STREAM`) or lay past the
/// last stream a `GOAWAY` named. Safe to send again, whatever the method (RFC 9113 §8.7).
struct UnprocessedStream: Error, CustomStringConvertible {
    let streamID: Int
    /// The last stream the server said it processed, for a stream a `GOAWAY` dropped.
    let lastProcessed: Int?

    var description: String {
        lastProcessed.map { "the server sent GOAWAY after stream \($0) and did not process stream \(streamID)" }
            ?? "the server refused stream \(streamID) (REFUSED_STREAM) without processing it"
    }
}

/// Notes the lowest last stream ID of the `GOAWAY` frames a connection received.
///
/// Used on its connection's event loop only, like every channel handler: `lastStreamID` is read from the
/// connection's streams, which run on the same loop.
final class GoAwayRecord: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame

    private(set) var lastStreamID: HTTP2StreamID?

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .goAway(let last, _, _) = unwrapInboundIn(data).payload {
            lastStreamID = min(lastStreamID ?? last, last)
        }
        context.fireChannelRead(data)
    }
}

/// Turns the close of a stream the server did not process into ``UnprocessedStream``; passes every other
/// error on as it is.
final class StreamCloseReading: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Any

    private let record: GoAwayRecord?

    init(record: GoAwayRecord?) {
        self.record = record
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let closed = error as? NIOHTTP2Errors.StreamClosed else {
            context.fireErrorCaught(error)
            return
        }
        let stream = Int(closed.streamID)
        if closed.errorCode == .refusedStream {
            context.fireErrorCaught(UnprocessedStream(streamID: stream, lastProcessed: nil))
        } else if closed.errorCode == .cancel, let last = record?.lastStreamID, closed.streamID > last {
            context.fireErrorCaught(UnprocessedStream(streamID: stream, lastProcessed: Int(last)))
        } else {
            context.fireErrorCaught(error)
        }
    }
}
