import Courier
import CourierTesting
import Foundation
import Testing

@Suite("Server-Sent Events: bounded lines and events, and a seeded fuzz")
struct ServerSentEventLimitsTests {
    @Test("an endless line fails with bodyTooLarge as soon as it passes the line limit, holding no more than it")
    func endlessLine() throws {
        var parser = ServerSentEventParser(limits: .init(maxLineLength: 1000, maxEventSize: 10_000))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
        for _ in 0..<10 {
            #expect(try parser.parse(chunk).isEmpty)
        }
        #expect(parser.bufferedByteCount == 1000)
        let error = #expect(throws: NetworkError.self) { try parser.parse(chunk) }
        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message?.contains("maxLineLength") == true)
    }

    @Test("an endless comment is an endless line too")
    func endlessComment() throws {
        var parser = ServerSentEventParser(limits: .init(maxLineLength: 64))
        let error = #expect(throws: NetworkError.self) { try parser.parse(Array((":" + String(repeating: "x", count: 64)).utf8)) }
        #expect(error?.kind == .bodyTooLarge)
    }

    @Test("a line exactly at the limit is accepted")
    func lineAtLimit() throws {
        var parser = ServerSentEventParser(limits: .init(maxLineLength: 10))
        #expect(try parser.parse(Array("data: abcd\n\n".utf8)) == [ServerSentEvent(data: "abcd")])
    }

    @Test("an endless event of short lines fails with bodyTooLarge at the event limit")
    func endlessEvent() throws {
        var parser = ServerSentEventParser(limits: .init(maxLineLength: 100, maxEventSize: 1000))
        let line = Array("data: 123456789\n".utf8)   // 10 bytes of data a line, its LF included
        for _ in 0..<100 {
            _ = try parser.parse(line)
        }
        #expect(parser.bufferedByteCount == 1000)
        let error = #expect(throws: NetworkError.self) { try parser.parse(line) }
        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message?.contains("maxEventSize") == true)
    }

    @Test("events dispatched in time free their bytes: a long stream of small events stays small")
    func longStreamStaysSmall() throws {
        var parser = ServerSentEventParser(limits: .init(maxLineLength: 100, maxEventSize: 100))
        let block = Array("id: 1\nevent: tick\ndata: 0123456789\n\n".utf8)
        var count = 0
        for _ in 0..<10_000 {
            count += try parser.parse(block).count
            #expect(parser.bufferedByteCount == 0)
        }
        #expect(count == 10_000)
    }

    /// Pieces the format gives meaning to, so that random streams reach every branch of the parser.
    private static let pieces: [[UInt8]] = [
        "data", "data", "id", "event", "retry", ":", ": ", " ", "\r", "\n", "\r\n", "\n\n", "x", "42", "{\"a\":1}",
    ].map { Array($0.utf8) } + [[0x00], [0xEF, 0xBB, 0xBF], [0xC3], [0xFF]]

    @Test("seeded fuzz: random streams never crash, split anywhere they give the same events, and memory stays within the limits")
    func fuzz() throws {
        var random = SeededRandomNumberGenerator(seed: 24)
        let limits = ServerSentEventParser.Limits(maxLineLength: 48, maxEventSize: 96)
        var outcomes = (events: 0, tooLarge: 0)
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...120, using: &random) {
                if Int.random(in: 0..<10, using: &random) == 0 {
                    bytes.append(UInt8.random(in: 0...255, using: &random))
                } else if Int.random(in: 0..<200, using: &random) == 0 {
                    bytes += [UInt8](repeating: UInt8(ascii: "y"), count: 60)
                } else {
                    bytes += Self.pieces.randomElement(using: &random)!
                }
            }
            let whole = Result { () throws(NetworkError) in
                var parser = ServerSentEventParser(limits: limits)
                return try parser.parse(bytes)
            }
            var parser = ServerSentEventParser(limits: limits)
            var pieces: [ServerSentEvent] = []
            var start = 0
            var failure: NetworkError?
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...16, using: &random))
                do {
                    pieces += try parser.parse(bytes[start..<end])
                } catch {
                    failure = error
                    break
                }
                #expect(parser.bufferedByteCount <= limits.maxLineLength + limits.maxEventSize + 3)
                start = end
            }
            switch whole {
            case .success(let events):
                #expect(failure == nil)
                #expect(pieces == events)
                outcomes.events += events.count
            case .failure(let error):
                #expect(error.kind == .bodyTooLarge)
                #expect(failure?.kind == .bodyTooLarge)
                outcomes.tooLarge += 1
            }
        }
        // The fuzz reached both outcomes: it is not a test that cannot fail.
        #expect(outcomes.events > 100)
        #expect(outcomes.tooLarge > 10)
    }
}
