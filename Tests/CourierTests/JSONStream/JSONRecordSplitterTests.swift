@testable import Courier
import Foundation
import Testing

/// What a splitter made of some input: the records before the end or the error, and the error's kind.
private struct Split: Equatable, CustomStringConvertible {
    var records: [JSONRecord] = []
    var failure: NetworkError.Kind?

    var description: String {
        let list = records.map { "\($0.number):\(String(decoding: $0.data, as: UTF8.self))\($0.isComplete ? "" : "(cut)")" }
        return "\(list) \(failure.map { "then \($0)" } ?? "")"
    }
}

/// Feeds `pieces` to a splitter, taking every record after each piece as the stream does, and checks the memory
/// bound after each step: the pending record (at most `maxRecordSize`) plus the piece that brought it.
private func split(_ pieces: [[UInt8]], format: JSONStreamFormat, maxRecordSize: Int = 1024) -> Split {
    var splitter = JSONRecordSplitter(format: format, maxRecordSize: maxRecordSize)
    var result = Split()
    do {
        for piece in pieces {
            splitter.append(piece)
            #expect(splitter.bufferedByteCount <= maxRecordSize + piece.count + 1)
            while let record = try splitter.next() { result.records.append(record) }
        }
        splitter.finish()
        while let record = try splitter.next() { result.records.append(record) }
    } catch let error as NetworkError {
        result.failure = error.kind
    } catch {
        Issue.record("unexpected error \(error)")
    }
    return result
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func record(_ number: Int, _ text: String, complete: Bool = true) -> JSONRecord {
    JSONRecord(number: number, data: Data(text.utf8), isComplete: complete)
}

@Suite("JSON stream splitting")
struct JSONRecordSplitterTests {
    static let lines = "{\"a\":1}\n[2]\r\n\n  \r\n\"three\"\n4"
    static let sequence = "\u{1E}{\"a\":1}\n\u{1E}\u{1E}[1,\n 2]\n\u{1E}\"}{\\\"\"\n\u{1E}true\n\u{1E}12"

    @Test("lines: LF and CRLF end a line, empty and blank lines are skipped but counted, the last line may lack its LF")
    func lines() {
        let result = split([bytes(Self.lines)], format: .lines)
        #expect(result == Split(records: [record(1, "{\"a\":1}"), record(2, "[2]"), record(5, "\"three\""), record(6, "4")]))
    }

    @Test("json-seq: RS opens a record, repeated RS are nothing, nesting and strings are followed, a scalar without its LF is truncated")
    func textSequence() {
        let result = split([bytes(Self.sequence)], format: .textSequence)
        #expect(result == Split(records: [
            record(1, "{\"a\":1}"), record(2, "[1,\n 2]"), record(3, "\"}{\\\"\""), record(4, "true"),
            record(5, "12", complete: false),
        ]))
    }

    @Test("json-seq: bytes before the first RS, and after a value before the next RS, are records to skip")
    func sequenceJunk() {
        let result = split([bytes("junk\u{1E}1\n\u{1E}{} x\n\u{1E}{\"b\":2}")], format: .textSequence)
        #expect(result == Split(records: [
            record(1, "junk", complete: false), record(2, "1"), record(3, "{} x", complete: false), record(4, "{\"b\":2}"),
        ]))
    }

    @Test("json-seq: a record is handed over at its LF, before the next RS arrives")
    func sequenceRecordAtLineFeed() throws {
        var splitter = JSONRecordSplitter(format: .textSequence, maxRecordSize: 100)
        splitter.append(bytes("\u{1E}{\"a\":\n"))
        #expect(try splitter.next() == nil)
        splitter.append(bytes("1}\n"))
        #expect(try splitter.next() == record(1, "{\"a\":\n1}"))
        #expect(try splitter.next() == nil)
    }

    @Test("lines: a line is handed over at its LF, before the next arrives")
    func lineAtLineFeed() throws {
        var splitter = JSONRecordSplitter(format: .lines, maxRecordSize: 100)
        splitter.append(bytes("{\"a\":1}\r"))
        #expect(try splitter.next() == nil)
        splitter.append(bytes("\n{\"b\""))
        #expect(try splitter.next() == record(1, "{\"a\":1}"))
        #expect(try splitter.next() == nil)
    }

    @Test("split at every byte boundary, or one byte at a time, the records are the same", arguments: [JSONStreamFormat.lines, .textSequence])
    func everyBoundary(format: JSONStreamFormat) {
        let input = bytes(format == .lines ? Self.lines : Self.sequence)
        let whole = split([input], format: format)
        #expect(whole.failure == nil)
        for cut in 0...input.count {
            #expect(split([Array(input[..<cut]), Array(input[cut...])], format: format) == whole, "cut at \(cut)")
        }
        #expect(split(input.map { [$0] }, format: format) == whole)
    }

    @Test("a line or record over the limit is bodyTooLarge, counted in raw bytes, CR included", arguments: [JSONStreamFormat.lines, .textSequence])
    func limit(format: JSONStreamFormat) {
        let prefix = format == .textSequence ? "\u{1E}" : ""
        #expect(split([bytes(prefix + "1234\n")], format: format, maxRecordSize: 4).failure == nil)
        #expect(split([bytes(prefix + "12345\n")], format: format, maxRecordSize: 4).failure == .bodyTooLarge)
        if format == .lines {
            #expect(split([bytes("1234\r\n")], format: format, maxRecordSize: 4).failure == .bodyTooLarge)
        }
        // The values before the long one arrive first.
        let after = split([bytes(prefix + "1\n" + prefix + "123456789\n")], format: format, maxRecordSize: 4)
        #expect(after == Split(records: [record(1, "1")], failure: .bodyTooLarge))
    }

    @Test("an endless line fails once it passes the limit, holding no more than the limit and one chunk", arguments: [JSONStreamFormat.lines, .textSequence])
    func endlessLine(format: JSONStreamFormat) throws {
        var splitter = JSONRecordSplitter(format: format, maxRecordSize: 1000)
        splitter.append(bytes(format == .textSequence ? "\u{1E}\"" : "\""))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 300)
        var appended = 0
        let error = #expect(throws: NetworkError.self) {
            while appended < 1_000_000 {
                splitter.append(chunk)
                appended += chunk.count
                #expect(splitter.bufferedByteCount <= 1000 + chunk.count)
                _ = try splitter.next()
            }
        }
        #expect(error?.kind == .bodyTooLarge)
        #expect(error?.message?.contains("\(format == .lines ? "line" : "record") 1 is longer than the limit of 1000 bytes") == true)
        #expect(appended < 2000)
    }

    @Test("seeded fuzz: never a crash, memory bounded, and the same records however the bytes are cut", arguments: [JSONStreamFormat.lines, .textSequence])
    func fuzz(format: JSONStreamFormat) {
        let alphabet = bytes("\u{1E}\n\r{}[]\"\\ a1,:")
        var random = SplitMix(seed: format == .lines ? 7 : 11)
        for round in 0..<400 {
            let length = Int(random.next() % 200)
            let input = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let limit = 8 + Int(random.next() % 64)
            let whole = split([input], format: format, maxRecordSize: limit)
            var pieces: [[UInt8]] = []
            var rest = input[...]
            while !rest.isEmpty {
                let size = 1 + Int(random.next() % 16)
                pieces.append(Array(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            let chunked = split(pieces, format: format, maxRecordSize: limit)
            #expect(chunked == whole, "round \(round): \(input)")
            #expect(whole.records.allSatisfy { $0.data.count <= limit })
        }
    }
}

/// A small seeded generator, so a failing fuzz round can be replayed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
