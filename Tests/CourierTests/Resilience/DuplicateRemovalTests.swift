import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Removing duplicates", .timeLimit(.minutes(1)))
struct DuplicateRemovalTests {
    @Test("identical GETs share one transfer and every caller gets the body")
    func shared() async throws {
        let transport = HeldTransport()
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        let tasks = (0..<100).map { _ in Task { try await client.send(try itemsRequest()) } }
        await eventually { dedup.waiting == 100 }
        transport.releaseAll()
        for task in tasks {
            #expect(try await task.value.body.collect(upTo: 10) == Data("ok".utf8))
        }
        #expect(transport.requests.count == 1)
        #expect(dedup.inFlight == 0)
    }

    @Test("POST, different credentials and different bodies are never shared")
    func notShared() async throws {
        let transport = HeldTransport()
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        var alice = try itemsRequest()
        try alice.setHeader("Authorization", "Bearer alice")
        var bob = try itemsRequest()
        try bob.setHeader("Authorization", "Bearer bob")
        var post = try itemsRequest(.post)
        post.body = .text("a")
        let requests = [alice, bob, post, post]
        let tasks = requests.map { request in Task { try await client.send(request) } }
        await eventually { transport.holding == 4 }
        transport.releaseAll()
        for task in tasks { _ = try await task.value }
        #expect(transport.requests.count == 4)
    }

    @Test("an error reaches every caller")
    func sharedError() async throws {
        let transport = HeldTransport { request in throw NetworkError(.connectionClosed, request: request) }
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        let tasks = (0..<10).map { _ in Task { try await client.send(try itemsRequest()) } }
        await eventually { dedup.waiting == 10 }
        transport.releaseAll()
        for task in tasks {
            let error = try await #require(throws: NetworkError.self) { try await task.value }
            #expect(error.kind == .connectionClosed)
        }
    }

    @Test("a cancelled caller leaves; the transfer is cancelled only when every caller has gone")
    func cancellation() async throws {
        let transport = HeldTransport()
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        let tasks = (0..<3).map { _ in Task { try await client.send(try itemsRequest()) } }
        await eventually { dedup.waiting == 3 }
        tasks[0].cancel()
        #expect(try await #require(throws: NetworkError.self) { try await tasks[0].value }.kind == .cancelled)
        #expect(transport.cancellations == 0)
        tasks[1].cancel()
        tasks[2].cancel()
        for task in tasks[1...] {
            #expect(try await #require(throws: NetworkError.self) { try await task.value }.kind == .cancelled)
        }
        await eventually { transport.cancellations == 1 }
        #expect(dedup.inFlight == 0)
    }
}
