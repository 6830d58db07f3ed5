@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// Observers: told of each exchange's start, head and end, several sharing one stage of the chain.
@Suite("Exchange observers")
struct ObserverTests {
    /// Writes what it is told, tagged with its name.
    private struct Tracer: ExchangeObserver {
        let name: String
        let events: Recorded<String>
        var skips = false

        func willSend(_ request: inout ClientRequest) -> String? {
            guard !skips else { return nil }
            events.append("\(name) start \(request.method)")
            return name
        }

        func exchange(_ observation: String, received response: ClientResponse) {
            events.append("\(observation) head \(response.status.code)")
        }

        func exchange(_ observation: String, ended end: ExchangeEnd) {
            switch end {
            case .failed(let error): events.append("\(observation) failed \(error.kind.name)")
            case .responded(let head, let bytes, let body):
                let how = switch body {
                case .finished: "finished"
                case .abandoned: "abandoned"
                case .failed: "failed"
                }
                events.append("\(observation) end \(head.status.code) \(bytes) \(how)")
            }
        }
    }

    @Test("observers added next to each other share one stage; the outer hears the start first, the head and the end last")
    func oneStage() async throws {
        let events = Recorded<String>()
        let client = Client(transport: RecordingTransport(status: .ok, body: "12345"))
            .observing(Tracer(name: "inner", events: events))
            .observing(Tracer(name: "outer", events: events))
        #expect(client.observerStageCount == 2)
        let response = try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        _ = try await response.body.collect(upTo: 100)
        #expect(events.all == [
            "outer start GET", "inner start GET",
            "inner head 200", "outer head 200",
            "inner end 200 5 finished", "outer end 200 5 finished",
        ])
    }

    @Test("a failure before any response ends each observation once, as failed with the kind")
    func failure() async throws {
        let events = Recorded<String>()
        let client = Client(transport: RecordingTransport { request in throw NetworkError(.cannotConnect, request: request) })
            .observing(Tracer(name: "a", events: events))
        await #expect(throws: NetworkError.self) {
            try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        }
        #expect(events.all == ["a start GET", "a failed cannotConnect"])
    }

    @Test("a streamed body dropped unread ends as abandoned; an observer that skips hears nothing")
    func abandonedAndSkipped() async throws {
        let events = Recorded<String>()
        let transport = RecordingTransport { request in
            let chunks = BodyChunks {
                { Data(count: 4) }
            }
            return ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(length: nil, chunks: chunks), request: request)
        }
        let client = Client(transport: transport)
            .observing(Tracer(name: "watching", events: events))
            .observing(Tracer(name: "skipping", events: events, skips: true))
        do {
            let response = try await client.send(try ClientRequest(.get, url: "https://api.example.com/stream"))
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
        }
        #expect(events.all == ["watching start GET", "watching head 200", "watching end 200 4 abandoned"])
    }

    @Test("an asynchronous layer between two observers makes two stages")
    func stagesSplitByALayer() async throws {
        let events = Recorded<String>()
        let client = Client(transport: RecordingTransport())
            .observing(Tracer(name: "inner", events: events))
            .with(StampHeader(name: "X-Stamp", value: "1"))
            .observing(Tracer(name: "outer", events: events))
        #expect(client.observerStageCount == 1)
        _ = try await client.send(try ClientRequest(.get, url: "https://api.example.com/items"))
        #expect(events.all == [
            "outer start GET", "inner start GET",
            "inner head 200", "inner end 200 0 finished",
            "outer head 200", "outer end 200 0 finished",
        ])
    }
}
