import Courier
import CourierTestSupport
import Foundation
import Testing
@testable import courier

@Suite("How a response body is written: exact bytes off a terminal, readable text on one")
struct ResponseBodyPrinterTests {
    func body(_ chunks: [Data]) -> ResponseBody {
        ResponseBody(length: nil, chunks: BodyChunks(chunks.async))
    }

    @Test("off a terminal every byte is written as it came, whatever the type: binary, JSON, no newline added")
    func exactOffTerminal() async throws {
        let binary = Data([0, 255, 10, 13, 0x1B, 0xC3])
        let json = Data(#"{"b":1,"a":2}"#.utf8)
        for (chunks, type) in [([binary, binary], "application/octet-stream"), ([json], "application/json"), ([binary], nil)] {
            let sink = CollectingSink()
            let outcome = try await ResponseBodyPrinter(toTerminal: false).print(body(chunks), contentType: type, to: sink)
            #expect(sink.data == chunks.reduce(Data(), +))
            #expect(outcome == .written(bytes: Int64(chunks.reduce(0) { $0 + $1.count })))
            #expect(sink.writes == chunks.count, "one write per chunk: nothing is held back")
        }
    }

    @Test("on a terminal JSON is pretty-printed with sorted keys, coloured keys when colours are on, and a final newline")
    func prettyOnTerminal() async throws {
        let sink = CollectingSink()
        let chunks = [Data(#"{"b":1,"#.utf8), Data(#""a":"x/y"}"#.utf8)]
        let outcome = try await ResponseBodyPrinter(toTerminal: true).print(body(chunks), contentType: "application/problem+json; charset=utf-8", to: sink)
        #expect(sink.text == "{\n  \"a\" : \"x/y\",\n  \"b\" : 1\n}\n")
        #expect(outcome == .written(bytes: Int64(chunks.reduce(0) { $0 + $1.count })))
        let coloured = CollectingSink()
        _ = try await ResponseBodyPrinter(toTerminal: true, palette: Palette(enabled: true)).print(body([Data(#"{"a":1}"#.utf8)]), contentType: "application/json", to: coloured)
        #expect(coloured.text == "{\n\u{1B}[34m  \"a\"\u{1B}[0m : 1\n}\n")
    }

    @Test("on a terminal other text is shown as it came, with a newline added only when missing")
    func textOnTerminal() async throws {
        let sink = CollectingSink()
        _ = try await ResponseBodyPrinter(toTerminal: true).print(body([Data("plain".utf8)]), contentType: "text/plain", to: sink)
        #expect(sink.text == "plain\n")
        let ended = CollectingSink()
        _ = try await ResponseBodyPrinter(toTerminal: true).print(body([Data("<a/>\n".utf8)]), contentType: "application/xml", to: ended)
        #expect(ended.text == "<a/>\n")
    }

    @Test("on a terminal a binary body is not written: by its type, or without a type by a NUL byte or bytes that are not UTF-8")
    func binaryHidden() async throws {
        for (bytes, type) in [(Data("PNG".utf8), "image/png"), (Data([0x41, 0, 0x42]), nil), (Data([0xFF, 0xFE, 0x41, 0x42]), nil)] {
            let sink = CollectingSink()
            let outcome = try await ResponseBodyPrinter(toTerminal: true).print(body([bytes]), contentType: type, to: sink)
            #expect(outcome == .binaryHidden)
            #expect(sink.data.isEmpty)
        }
        let untyped = CollectingSink()
        // A character cut at the end of the first chunk is still text: the next chunk may complete it.
        #expect(try await ResponseBodyPrinter(toTerminal: true).print(body([Data("hé".utf8).dropLast()]), contentType: nil, to: untyped) == .written(bytes: 2))
    }

    @Test("past the formatting limit, text on a terminal is shown as it came instead of held")
    func overTheLimit() async throws {
        let sink = CollectingSink()
        let chunks = [Data(#"{"a":"#.utf8), Data(#""0123456789"}"#.utf8)]
        _ = try await ResponseBodyPrinter(toTerminal: true, formattingLimit: 4).print(body(chunks), contentType: "application/json", to: sink)
        #expect(sink.text == #"{"a":"0123456789"}"# + "\n")
    }

    @Test("--stream and event streams: each chunk reaches the terminal before the next one has arrived", arguments: [
        (true, "text/plain"), (false, "text/event-stream"),
    ])
    func streamsAsItArrives(streaming: Bool, type: String) async throws {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        let sink = CollectingSink()
        let printer = ResponseBodyPrinter(toTerminal: true, streaming: streaming)
        let printing = Task { try await printer.print(ResponseBody(length: nil, chunks: BodyChunks(chunks)), contentType: type, to: sink) }
        continuation.yield(Data("data: 1\n\n".utf8))
        let deadline = ContinuousClock.now + .seconds(10)
        while sink.text != "data: 1\n\n", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(sink.text == "data: 1\n\n")
        continuation.yield(Data("data: 2".utf8))
        continuation.finish()
        #expect(try await printing.value == .written(bytes: 16))
        #expect(sink.text == "data: 1\n\ndata: 2\n")
    }
}

extension Array where Element == Data {
    /// The chunks as an asynchronous sequence, as a transport would deliver them.
    var async: AsyncStream<Data> {
        AsyncStream { continuation in
            for chunk in self { continuation.yield(chunk) }
            continuation.finish()
        }
    }
}

@Suite("--stream on an event stream: each event's data, a line per event, as it arrives", .timeLimit(.minutes(1)))
struct EventStreamPrintingTests {
    @Test("events split over chunks are written whole, once complete; comments, ids and types are left out", arguments: [true, false])
    func eventsAsLines(toTerminal: Bool) async throws {
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        let sink = CollectingSink()
        let printer = ResponseBodyPrinter(toTerminal: toTerminal, streaming: true)
        let printing = Task { try await printer.print(ResponseBody(length: nil, chunks: BodyChunks(chunks)), contentType: "text/event-stream; charset=utf-8", to: sink) }
        continuation.yield(Data(": keep-alive\r\nid: 1\r\nevent: tick\r\ndata: {\"n\":1}\r\n\r\ndata: {\"n\"".utf8))
        try await eventually { sink.text == "{\"n\":1}\n" }
        continuation.yield(Data(":2}\n\ndata: a\ndata: b\n\ndata: unfinished".utf8))
        continuation.finish()
        let outcome = try await printing.value
        #expect(sink.text == "{\"n\":1}\n{\"n\":2}\na\nb\n")
        #expect(outcome == .written(bytes: 99))
    }
}
