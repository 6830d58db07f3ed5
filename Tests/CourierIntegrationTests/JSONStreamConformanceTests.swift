import Courier
import CourierTesting
import Foundation
import Testing

private typealias Item = TestServer.StreamItem

@Suite("JSON Lines and json-seq streams on every transport", .timeLimit(.minutes(1)))
struct JSONStreamConformanceTests {
    @Test("NDJSON with CRLF and empty lines decodes every value in order", arguments: TransportUnderTest.allCases)
    func ndjson(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let endpoint = Endpoint<JSONStream<Item>>(path: "/stream/ndjson", query: [
                URLQueryItem(name: "count", value: "200"), URLQueryItem(name: "crlf", value: "1"), URLQueryItem(name: "blank", value: "1"),
            ])
            let stream = try await client.stream(endpoint)
            #expect(stream.format == .lines)
            var items: [Item] = []
            for try await item in stream { items.append(item) }
            #expect(items == (1...200).map(Item.numbered))
        }
    }

    @Test("values arrive as they are sent: two are read while the server still holds the rest", arguments: TransportUnderTest.allCases)
    func incremental(_ kind: TransportUnderTest) async throws {
        for format in ["jsonl", "json-seq"] {
            try await withClient(kind) { client, server in
                let endpoint = Endpoint<JSONStream<Item>>(path: "/stream/\(format)", query: [
                    URLQueryItem(name: "count", value: "4"), URLQueryItem(name: "hold", value: "rest"), URLQueryItem(name: "after", value: "2"),
                ])
                var iterator = try await client.stream(endpoint).makeAsyncIterator()
                #expect(try await iterator.next() == .numbered(1))
                #expect(try await iterator.next() == .numbered(2))
                await server.release("rest")
                #expect(try await iterator.next() == .numbered(3))
                #expect(try await iterator.next() == .numbered(4))
                #expect(try await iterator.next() == nil)
            }
        }
    }

    @Test("json-seq: a truncated record is skipped and the values after it still arrive", arguments: TransportUnderTest.allCases)
    func sequenceTruncated(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let endpoint = Endpoint<JSONStream<Item>>(path: "/stream/json-seq", query: [
                URLQueryItem(name: "count", value: "4"), URLQueryItem(name: "truncate", value: "2"),
            ])
            let stream = try await client.stream(endpoint)
            #expect(stream.format == .textSequence)
            var items: [Item] = []
            for try await item in stream { items.append(item) }
            #expect(items == [1, 3, 4].map(Item.numbered))
        }
    }

    @Test("JSON Lines: a line that does not decode stops the stream with decodingFailed naming the line", arguments: TransportUnderTest.allCases)
    func badLine(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let endpoint = Endpoint<JSONStream<Item>>(path: "/stream/jsonl", query: [
                URLQueryItem(name: "count", value: "5"), URLQueryItem(name: "bad", value: "3"),
            ])
            var items: [Item] = []
            let error = await #expect(throws: NetworkError.self) {
                for try await item in try await client.stream(endpoint) { items.append(item) }
            }
            #expect(items == [1, 2].map(Item.numbered))
            #expect(error?.kind == .decodingFailed(codingPath: "id"))
            #expect(error?.message?.hasPrefix("line 3 does not decode as StreamItem") == true)
            #expect(error?.response?.status == .ok)
        }
    }

    @Test("a line that never ends is bodyTooLarge at maxJSONRecordSize, and the transfer stops", arguments: TransportUnderTest.allCases)
    func endlessLine(_ kind: TransportUnderTest) async throws {
        for format in ["ndjson", "json-seq"] {
            try await withClient(kind) { client, _ in
                var endpoint = Endpoint<JSONStream<Item>>(path: "/stream/\(format)", query: [
                    URLQueryItem(name: "count", value: "1"), URLQueryItem(name: "endless", value: "1"),
                ])
                endpoint.options.maxJSONRecordSize = 256 * 1024
                var items: [Item] = []
                let error = await #expect(throws: NetworkError.self) {
                    for try await item in try await client.stream(endpoint) { items.append(item) }
                }
                #expect(items == [.numbered(1)])
                #expect(error?.kind == .bodyTooLarge)
                #expect(error?.message?.contains("is longer than the limit of 262144 bytes") == true)
            }
        }
    }

    @Test("a response read without an endpoint: ClientResponse.jsonStream picks the format from Content-Type", arguments: TransportUnderTest.allCases)
    func fromResponse(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let response = try await client.send(try ClientRequest(.get, path: "/stream/json-seq", query: [URLQueryItem(name: "count", value: "3")]))
            #expect(response.status == .ok)
            var items: [Item] = []
            for try await item in response.jsonStream(of: Item.self) { items.append(item) }
            #expect(items == (1...3).map(Item.numbered))
        }
    }
}
