import Courier
import Foundation
import Testing

/// Parses `text` whole, then finishes the stream.
private func parse(_ text: String, limits: ServerSentEventParser.Limits = .init()) throws -> [ServerSentEvent] {
    try parse(Array(text.utf8), limits: limits)
}

private func parse(_ bytes: [UInt8], limits: ServerSentEventParser.Limits = .init()) throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser(limits: limits)
    let events = try parser.parse(bytes)
    parser.finish()
    return events
}

/// Parses `bytes` in the pieces `cuts` makes (offsets, ascending).
private func parse(_ bytes: [UInt8], cutAt cuts: [Int]) throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
        events += try parser.parse(bytes[start..<cut])
        start = cut
    }
    return events
}

@Suite("Server-Sent Events: the WHATWG event stream interpretation")
struct ServerSentEventParserTests {
    // The worked examples of WHATWG HTML §9.2.6 "Interpreting an event stream", written out.

    @Test("spec example: three data lines make one message whose data is joined with LF")
    func stockTicker() throws {
        let events = try parse("data: YHOO\ndata: +2\ndata: 10\n\n")
        #expect(events == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test("spec example: a comment fires nothing; id sets the last event ID; an empty id clears it; one space is dropped")
    func testStream() throws {
        let events = try parse(": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n")
        #expect(events == [
            ServerSentEvent(id: "1", data: "first event"),
            ServerSentEvent(id: nil, data: "second event"),
            ServerSentEvent(id: nil, data: " third event"),
        ])
    }

    @Test("spec example: `data` alone is empty data; two make a newline; a block the stream ends in is discarded")
    func emptyData() throws {
        let events = try parse("data\n\ndata\ndata\n\ndata:")
        #expect(events == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
    }

    @Test("spec example: the space after the colon is optional, so these two events are the same")
    func optionalSpace() throws {
        let events = try parse("data:test\n\ndata: test\n\n")
        #expect(events == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }

    @Test("spec example: event types name each event; the type is reset after every dispatch")
    func eventTypes() throws {
        let events = try parse("event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\ndata: plain\n\n")
        #expect(events.map(\.event) == ["add", "remove", "add", "message"])
        #expect(events.map(\.data) == ["73857293", "2153", "113411", "plain"])
    }

    // The rest of the algorithm, step by step.

    @Test("a block without data dispatches nothing, and its event type does not leak into the next event")
    func noDataNoEvent() throws {
        let events = try parse("event: ping\n\ndata: x\n\nevent: ping\nid: 9\n\n")
        #expect(events == [ServerSentEvent(data: "x")])
    }

    @Test("the last event ID persists across events until replaced, and is what each event reports")
    func lastEventIDPersists() throws {
        var parser = ServerSentEventParser()
        let events = try parser.parse(Array("id: a\ndata: 1\n\ndata: 2\n\nid: b\n\ndata: 3\n\n".utf8))
        #expect(events.map(\.id) == ["a", "a", "b"])
        #expect(parser.lastEventID == "b")
    }

    @Test("an id holding NUL is ignored; the previous one stays")
    func nulInID() throws {
        var parser = ServerSentEventParser()
        let events = try parser.parse(Array("id: ok\ndata: 1\n\nid: b\u{0}d\ndata: 2\n\n".utf8))
        #expect(events.map(\.id) == ["ok", "ok"])
        #expect(parser.lastEventID == "ok")
    }

    @Test("retry sets the reconnection time only when its value is ASCII digits", arguments: [
        ("retry: 1500\n", Duration.milliseconds(1500)),
        ("retry:0\n", Duration.milliseconds(0)),
        ("retry: 15x\n", nil),
        ("retry: -5\n", nil),
        ("retry:  100\n", nil),          // two spaces: the second is part of the value
        ("retry: 1.5\n", nil),
        ("retry: \n", nil),
        ("retry: ١٢\n", nil),           // Arabic-Indic digits are not ASCII digits
        ("retry: 99999999999999999999999\n", nil),  // past 64 bits: ignored
        ("retry\n", nil),
    ] as [(String, Duration?)])
    func retry(line: String, expected: Duration?) throws {
        var parser = ServerSentEventParser()
        let events = try parser.parse(Array((line + "data: x\n\n").utf8))
        #expect(parser.reconnectionTime == expected)
        #expect(events.first?.retry == expected)
    }

    @Test("a retry in one block is kept for reconnections, but reported only on that block's event")
    func retryScope() throws {
        var parser = ServerSentEventParser()
        let events = try parser.parse(Array("retry: 10\n\ndata: a\n\nretry: 20\ndata: b\n\ndata: c\n\n".utf8))
        #expect(events.map(\.retry) == [nil, .milliseconds(20), nil])
        #expect(parser.reconnectionTime == .milliseconds(20))
    }

    @Test("unknown fields and field names that differ in case are ignored")
    func unknownFields() throws {
        let events = try parse("foo: bar\nDATA: no\nData: no\ndata: yes\n\n")
        #expect(events == [ServerSentEvent(data: "yes")])
    }

    @Test("only the first colon splits the name from the value")
    func colonsInValue() throws {
        let events = try parse("data: {\"a\":\"b:c\"}\n\nevent:x:y\ndata\n\n")
        #expect(events == [ServerSentEvent(data: #"{"a":"b:c"}"#), ServerSentEvent(event: "x:y", data: "")])
    }

    @Test("a byte order mark is dropped once at the start; a second one is part of the first field's name")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try parse(bom + Array("data: x\n\n".utf8)) == [ServerSentEvent(data: "x")])
        #expect(try parse(bom + bom + Array("data: x\n\ndata: y\n\n".utf8)) == [ServerSentEvent(data: "y")])
        // Split inside the mark, and a start that only looks like one.
        #expect(try parse(bom + Array("data: x\n\n".utf8), cutAt: [1, 2]) == [ServerSentEvent(data: "x")])
        #expect(try parse([0xEF, 0xBB] + Array("\ndata: x\n\n".utf8), cutAt: [1]) == [ServerSentEvent(data: "x")])
        // A mark later in the stream is kept, as U+FEFF, in the data.
        #expect(try parse(Array("data: ".utf8) + bom + Array("x\n\n".utf8)) == [ServerSentEvent(data: "\u{FEFF}x")])
    }

    @Test("bytes that are not UTF-8 become U+FFFD, and cannot swallow a line ending")
    func invalidUTF8() throws {
        let events = try parse(Array("data: a".utf8) + [0xC3] + Array("\ndata: ".utf8) + [0xFF, 0xE2, 0x82] + Array("\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "a\u{FFFD}\n\u{FFFD}\u{FFFD}")])
    }

    @Test("at the end of the stream an unfinished event is discarded, and the next stream starts clean but keeps the ID")
    func finishDiscards() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.parse(Array("id: 4\ndata: 1\n\nevent: e\ndata: half\n".utf8)).count == 1)
        parser.finish()
        let events = try parser.parse(Array("data: next\n\n".utf8))
        #expect(events == [ServerSentEvent(id: "4", data: "next")])
    }

    // Line endings: CR, LF and CRLF, in every combination, split at every byte.

    @Test("every combination of CR, LF and CRLF line ends, split at every byte boundary, parses the same")
    func lineEndingsEverywhere() throws {
        let endings = ["\r", "\n", "\r\n"]
        // Five line ends; the lines before them:
        let lines = ["data: a", "", "data: b", "data:c", ""]
        let expected = [ServerSentEvent(data: "a"), ServerSentEvent(data: "b\nc")]
        var checked = 0
        for combination in 0..<243 {
            var choice = combination
            var text = ""
            var previous = ""
            var ambiguous = false
            for line in lines {
                let ending = endings[choice % 3]
                choice /= 3
                // A CR ending then an empty line ended by LF is the byte pair CR LF: one line end, by the
                // standard's definition; that combination says something else.
                if previous == "\r", line.isEmpty, ending.hasPrefix("\n") { ambiguous = true }
                text += line + ending
                previous = ending
            }
            if ambiguous { continue }
            let bytes = Array(text.utf8)
            #expect(try parse(bytes, cutAt: []) == expected, "\(text.debugDescription)")
            for cut in 1..<bytes.count {
                #expect(try parse(bytes, cutAt: [cut]) == expected, "\(text.debugDescription) cut at \(cut)")
            }
            #expect(try parse(bytes, cutAt: Array(1..<bytes.count)) == expected, "\(text.debugDescription) byte by byte")
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test("a CR at the end of one chunk and an LF at the start of the next are one line end, not two")
    func crlfAcrossChunks() throws {
        // Were the LF a second line end, the empty line would dispatch "a" alone.
        let bytes = Array("data: a\r\ndata: b\r\n\r\n".utf8)
        #expect(try parse(bytes, cutAt: [8]) == [ServerSentEvent(data: "a\nb")])
        #expect(try parse(Array("data: a\r\r".utf8)) == [ServerSentEvent(data: "a")])
        #expect(try parse(Array("data: a\n\r".utf8)) == [ServerSentEvent(data: "a")])
    }
}
