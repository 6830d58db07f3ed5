import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

private struct Item: Codable, Sendable, Equatable {
    var id: Int
}

/// A streamed body that yields `parts` as they are.
private func body(_ parts: [String]) -> ResponseBody {
    ResponseBody(length: nil, chunks: BodyChunks(AsyncStream { continuation in
        for part in parts { continuation.yield(Data(part.utf8)) }
        continuation.finish()
    }))
}

private func collect<T>(_ stream: JSONStream<T>) async throws -> [T] {
    var values: [T] = []
    for try await value in stream { values.append(value) }
    return values
}

@Suite("JSONStream decoding")
struct JSONStreamTests {
    @Test("JSON Lines decode in order across chunk boundaries, CRLF and empty lines included")
    func lines() async throws {
        let stream = JSONStream<Item>(body(["{\"id\":1}\r\n\n{\"i", "d\":2}\n", "{\"id\":3}"]), format: .lines)
        #expect(try await collect(stream) == [Item(id: 1), Item(id: 2), Item(id: 3)])
    }

    @Test("a line that does not decode is decodingFailed, naming the line number and the coding path")
    func badLine() async throws {
        let stream = JSONStream<Item>(body(["{\"id\":1}\n\n{\"id\":\"two\"}\n{\"id\":4}\n"]), format: .lines)
        var seen: [Item] = []
        let error = await #expect(throws: NetworkError.self) {
            for try await item in stream { seen.append(item) }
        }
        #expect(seen == [Item(id: 1)])
        #expect(error?.kind == .decodingFailed(codingPath: "id"))
        #expect(error?.message?.hasPrefix("line 3 does not decode as Item") == true)
    }

    @Test("a line that is not JSON is decodingFailed at the root, naming the line")
    func notJSON() async throws {
        let error = await #expect(throws: NetworkError.self) {
            _ = try await collect(JSONStream<Item>(body(["{\"id\":1}\n{\"id\":\n"]), format: .lines))
        }
        #expect(error?.kind == .decodingFailed(codingPath: ""))
        #expect(error?.message?.hasPrefix("line 2 ") == true)
    }

    @Test("json-seq: truncated and ill-formed records are skipped and the stream goes on (RFC 7464 §2.1, §2.3)")
    func sequenceSkips() async throws {
        let records = ["\u{1E}{\"id\":1}\n", "\u{1E}{\"id\":2", "\u{1E}{\"id\":}\n", "\u{1E}12", "\u{1E}{\"id\":5}\n", "\u{1E}7"]
        let stream = JSONStream<Item>(body(records), format: .textSequence)
        #expect(try await collect(stream) == [Item(id: 1), Item(id: 5)])
        // A truncated number is not a number (§2.3): neither in the middle nor at the end.
        #expect(try await collect(JSONStream<Int>(body(["\u{1E}12", "\u{1E}3\n", "\u{1E}45"]), format: .textSequence)) == [3])
    }

    @Test("json-seq: a well-formed record of the wrong shape is decodingFailed, naming the record")
    func sequenceWrongShape() async throws {
        let error = await #expect(throws: NetworkError.self) {
            _ = try await collect(JSONStream<Item>(body(["\u{1E}{\"id\":1}\n\u{1E}{\"name\":2}\n"]), format: .textSequence))
        }
        #expect(error?.kind == .decodingFailed(codingPath: "id"))
        #expect(error?.message?.hasPrefix("record 2 does not decode as Item") == true)
    }

    @Test("a line over maxRecordSize is bodyTooLarge, after the values before it")
    func limit() async throws {
        let stream = JSONStream<Item>(body(["{\"id\":1}\n", String(repeating: " ", count: 100)]), format: .lines, maxRecordSize: 50)
        var seen: [Item] = []
        let error = await #expect(throws: NetworkError.self) {
            for try await item in stream { seen.append(item) }
        }
        #expect(seen == [Item(id: 1)])
        #expect(error?.kind == .bodyTooLarge)
    }

    @Test("the format comes from Content-Type: json-seq, the JSON Lines types, else none")
    func formats() {
        #expect(JSONStreamFormat(contentType: "application/json-seq") == .textSequence)
        #expect(JSONStreamFormat(contentType: "Application/X-NDJSON; charset=utf-8") == .lines)
        #expect(JSONStreamFormat(contentType: "application/jsonl") == .lines)
        #expect(JSONStreamFormat(contentType: "application/ndjson") == .lines)
        #expect(JSONStreamFormat(contentType: "application/json") == nil)
    }

    @Test("Client.stream sends Accept, reads the format from Content-Type, and throws a bad status before the stream")
    func clientStream() async throws {
        let stubs = StubTransport()
            .stub(.get, "/seq", with: .data(Data("\u{1E}{\"id\":1}\n\u{1E}{\"id\":2}\n".utf8), headers: ["Content-Type": "application/json-seq"]))
            .stub(.get, "/missing", with: .json(#"{"error":"gone"}"#, status: 404))
        let client = Client(transport: stubs).targeting(Server(host: "example.com"))
        let items = try await client.stream(Endpoint<JSONStream<Item>>(path: "/seq"))
        #expect(items.format == .textSequence)
        #expect(try await collect(items) == [Item(id: 1), Item(id: 2)])
        #expect(stubs.requests.first?.header("Accept") == JSONStreamFormat.acceptedMediaTypes)
        let error = await #expect(throws: NetworkError.self) {
            _ = try await client.stream(Endpoint<JSONStream<Item>>(path: "/missing"))
        }
        #expect(error?.kind == .unacceptableStatus(404))
        #expect(error?.response?.body.bufferedData == Data(#"{"error":"gone"}"#.utf8))
    }

    @Test("a generated-style operation streams its 200 and throws its documented error for a 404, decoded from the body")
    func operationErrors() async throws {
        struct Problem: Decodable, Sendable, Equatable { var error: String }
        enum FeedError: Error, Equatable { case notFound(Problem) }
        let feed = Endpoint<JSONStream<Item>>(operation: "feed", method: .get, path: "/feed", accept: "application/jsonl", coders: .iso8601) { response in
            switch response.status {
            case 200: return response.jsonStream(Item.self)
            case 404: throw response.failure(FeedError.notFound(try response.json(Problem.self)))
            default: throw response.unacceptable()
            }
        }
        let live = Client(transport: StubTransport().stub(.get, "/feed", with: .data(Data("{\"id\":7}\n".utf8), headers: ["Content-Type": "application/jsonl"])))
            .targeting(Server(host: "example.com"))
        #expect(try await collect(live.stream(feed)) == [Item(id: 7)])
        let missing = Client(transport: StubTransport().stub(.get, "/feed", with: .json(#"{"error":"no feed"}"#, status: 404)))
            .targeting(Server(host: "example.com"))
        let error = await #expect(throws: NetworkError.self) { _ = try await missing.stream(feed) }
        #expect(error?.kind == .unacceptableStatus(404))
        #expect(error?.documentedError(as: FeedError.self) == .notFound(Problem(error: "no feed")))
    }

    @Test("Client.send of a JSON stream endpoint reads the body first, then yields its values")
    func clientSend() async throws {
        let stubs = StubTransport()
            .stub(.get, "/lines", with: .data(Data("{\"id\":1}\n{\"id\":2}\n".utf8), headers: ["Content-Type": "application/x-ndjson"]))
        let client = Client(transport: stubs).targeting(Server(host: "example.com"))
        #expect(try await collect(client.send(Endpoint<JSONStream<Item>>(path: "/lines"))) == [Item(id: 1), Item(id: 2)])
    }
}
