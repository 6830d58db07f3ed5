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
        try await eventually { dedup.waiting == 100 && transport.holding == 1 }
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
        try await eventually { transport.holding == 4 }
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
        try await eventually { dedup.waiting == 10 && transport.holding == 1 }
        transport.releaseAll()
        for task in tasks {
            let error = try await #require(throws: NetworkError.self) { try await task.value }
            #expect(error.kind == .connectionClosed)
        }
    }

    @Test("a cancelled caller leaves and the others still get the response")
    func oneCancelled() async throws {
        let transport = HeldTransport()
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        let tasks = (0..<3).map { _ in Task { try await client.send(try itemsRequest()) } }
        try await eventually { dedup.waiting == 3 && transport.holding == 1 }
        tasks[0].cancel()
        #expect(try await #require(throws: NetworkError.self) { try await tasks[0].value }.kind == .cancelled)
        transport.releaseAll()
        for task in tasks[1...] {
            #expect(try await task.value.body.collect(upTo: 10) == Data("ok".utf8))
        }
        #expect(transport.cancellations == 0)
        #expect(transport.requests.count == 1)
    }

    @Test("the transfer is cancelled when every caller has gone")
    func allCancelled() async throws {
        let transport = HeldTransport()
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        let tasks = (0..<3).map { _ in Task { try await client.send(try itemsRequest()) } }
        try await eventually { dedup.waiting == 3 && transport.holding == 1 }
        tasks.forEach { $0.cancel() }
        for task in tasks {
            #expect(try await #require(throws: NetworkError.self) { try await task.value }.kind == .cancelled)
        }
        try await eventually { transport.cancellations == 1 }
        #expect(dedup.inFlight == 0)
    }

    @Test("a caller's deadline is its own: the shared transfer carries none, and a different body limit is not shared")
    func sharedRequestOptions() async throws {
        let transport = HeldTransport()
        let dedup = DuplicateRemoval()
        let client = Client(transport: transport).with(dedup)
        var withDeadline = try itemsRequest()
        withDeadline.options.deadline = Deadline(after: .seconds(1), clock: ContinuousClock())
        withDeadline.options.timeout = .seconds(1)
        var smallLimit = try itemsRequest()
        smallLimit.options.maxResponseBodySize = 10
        let tasks = [withDeadline, smallLimit].map { request in Task { try await client.send(request) } }
        try await eventually { transport.holding == 2 }
        transport.releaseAll()
        for task in tasks { _ = try await task.value }
        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(sent.allSatisfy { $0.options.deadline == nil })
        #expect(sent.contains { $0.options.timeout == nil && $0.options.maxResponseBodySize != 10 })
    }
}
