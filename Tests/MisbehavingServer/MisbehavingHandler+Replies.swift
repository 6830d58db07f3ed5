import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

extension MisbehavingHandler {
    private static let okReply = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}"

    func respond(_ behaviour: Behaviour, to head: RequestReader.Head, context: ChannelHandlerContext) {
        let close = { self.close(context: context) }
        switch behaviour {
        case .closeBeforeResponse:
            close()
        case .resetMidBody:
            write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + String(repeating: "x", count: 1000), context: context)
            context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(50)) {
                self.reset(context: context)
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
        case .slowFirst where events.requests(Behaviour.slowFirst.rawValue) == 1:
            break
        case .ok, .slowFirst:
            reply(Self.okReply, context: context)
        case .keepAlive:
            write(Self.okReply, context: context)
        case .dropOnReuse:
            if isFirstRequestOnConnection {
                write(Self.okReply, context: context)
            } else {
                close()
            }
        case .resetOnReuse:
            if isFirstRequestOnConnection {
                write(Self.okReply, context: context)
            } else {
                reset(context: context)
            }
        case .slowFirstByte:
            let delay = TimeAmount.milliseconds(Int64(head.query["ms"].flatMap(Int.init) ?? 300))
            context.eventLoop.assumeIsolated().scheduleTask(in: delay) { self.write(Self.okReply, context: context) }
        case .slowBodyEnd:
            let delay = TimeAmount.milliseconds(Int64(head.query["ms"].flatMap(Int.init) ?? 300))
            write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n", context: context)
            context.eventLoop.assumeIsolated().scheduleTask(in: delay) { self.write("{\"ok\":true}", context: context) }
        case .closeWhenIdle:
            let idle = TimeAmount.milliseconds(Int64(head.query["after"].flatMap(Int.init) ?? 0))
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: Self.okReply))).assumeIsolated().whenComplete { _ in
                context.eventLoop.assumeIsolated().scheduleTask(in: idle) { close() }
            }
        case .earlyAnswer:
            let status = head.query["status"].flatMap(Int.init) ?? 302
            let location = (300..<400).contains(status) ? "Location: /ok\r\n" : ""
            let text = "HTTP/1.1 \(status) Early\r\n\(location)Content-Length: 0\r\n\r\n"
            if head.query["close"] == "1" {
                reply(text, context: context)
            } else {
                write(text, context: context)
            }
        case .endless:
            startPumping(head.path, context: context)
        // These replies say `Connection: close`: tests send them one after another on one transport,
        // and an unannounced close races the pool reusing the connection for the next request.
        case .emptyHeaderValue:
            let status = head.query["status"].flatMap(Int.init) ?? 200
            reply("HTTP/1.1 \(status) Whatever\r\nConnection: close\r\nRetry-After:    \r\nX-Empty:\r\nContent-Length: 2\r\n\r\nok", context: context)
        case .stackedGzip:
            let fields = String(repeating: "Content-Encoding: gzip\r\n", count: 10)
            reply(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\(fields)Content-Length: \(StackedGzip.layers[10].count)\r\n\r\n".utf8) + StackedGzip.layers[10], context: context)
        case .stackedGzipList:
            let list = Array(repeating: "gzip", count: 10).joined(separator: ", ")
            reply(Array("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Encoding: \(list)\r\nContent-Length: \(StackedGzip.layers[10].count)\r\n\r\n".utf8) + StackedGzip.layers[10], context: context)
        case .doubleGzip:
            reply(Array("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Encoding: gzip, gzip\r\nContent-Length: \(StackedGzip.layers[2].count)\r\n\r\n".utf8) + StackedGzip.layers[2], context: context)
        case .redirectTo:
            let location = Self.percentDecoded(head.target.split(separator: "?", maxSplits: 1).dropFirst().first
                .flatMap { $0.split(separator: "&").first { $0.hasPrefix("to=") } }.map { Array($0.utf8.dropFirst(3)) } ?? [])
            reply(Array("HTTP/1.1 302 Found\r\nConnection: close\r\nLocation: ".utf8) + location + Array("\r\nContent-Length: 0\r\n\r\n".utf8), context: context)
        case .extraBytes:
            write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA BYTES THE HEAD DID NOT ANNOUNCE\r\n\r\n", context: context)
        }
    }

    /// `%XX` turned into its byte; everything else as it is.
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                output.append(value)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// Closes with a reset (RST) rather than a FIN: SO_LINGER with a zero timeout.
    func reset(context: ChannelHandlerContext) {
        guard let options = context.channel as? any SocketOptionProvider else { return close(context: context) }
        options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
            self.close(context: context)
        }
    }
}
