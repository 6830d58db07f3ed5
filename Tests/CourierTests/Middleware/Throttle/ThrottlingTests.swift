@testable import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Throttling middleware", .timeLimit(.minutes(1)))
struct ThrottlingTests {
    func request(_ name: String, priority: RequestPriority = .normal, host: String = "api.example.com") throws -> ClientRequest {
        var request = try ClientRequest(.get, url: "https://\(host)/\(name)")
        request.options.priority = priority
        return request
    }

    @Test("waiters leave in priority order, first come first served within a priority")
    func priorityOrder() async throws {
        let transport = HeldTransport()
        let throttle = Throttling(maxConcurrent: 1)
        let client = Client(transport: transport).with(throttle)
        let first = try request("first")
        var tasks = [Task { try await client.send(first) }]
        try await eventually { transport.holding == 1 }
        for (name, priority) in [("low", RequestPriority.low), ("normal1", .normal), ("high", .high), ("normal2", .normal)] {
            let request = try request(name, priority: priority)
            tasks.append(Task { try await client.send(request) })
            let expected = tasks.count - 1
            try await eventually { throttle.waiting == expected }
        }
        for _ in tasks {
            try await eventually { transport.holding == 1 }
            transport.releaseOne()
        }
        for task in tasks { _ = try await task.value }
        #expect(transport.requests.map { $0.head.path! } == ["/first", "/high", "/normal1", "/normal2", "/low"])
    }

    @Test("a low-priority waiter is not starved by a stream of high-priority ones")
    func noStarvation() async throws {
        let transport = HeldTransport()
        let throttle = Throttling(maxConcurrent: 1)
        let client = Client(transport: transport).with(throttle)
        var tasks = [Task { try await client.send(try request("busy")) }]
        try await eventually { transport.holding == 1 }
        tasks.append(Task { try await client.send(try request("low", priority: .low)) })
        try await eventually { throttle.waiting == 1 }
        for index in 0..<10 {
            tasks.append(Task { try await client.send(try request("high\(index)", priority: .high)) })
            try await eventually { throttle.waiting == index + 2 }
        }
        for _ in tasks {
            try await eventually { transport.holding == 1 }
            transport.releaseOne()
        }
        for task in tasks { _ = try await task.value }
        let order = transport.requests.map { $0.head.path! }
        let lowPosition = try #require(order.firstIndex(of: "/low"))
        // "busy", then as many high ones as the limit allows to pass over it, then "low".
        #expect(lowPosition == 1 + ThrottleQueue.starvationLimit)
        #expect(order.count == 12)
    }

    @Test("a cancelled waiter leaves the line at once and never takes a slot")
    func cancelledWaiter() async throws {
        let transport = HeldTransport()
        let throttle = Throttling(maxConcurrent: 1)
        let client = Client(transport: transport).with(throttle)
        let holder = Task { try await client.send(try request("holder")) }
        try await eventually { transport.holding == 1 }
        let waiter = Task { try await client.send(try request("cancelled")) }
        let last = Task { try await client.send(try request("last")) }
        try await eventually { throttle.waiting == 2 }
        waiter.cancel()
        let error = try await #require(throws: NetworkError.self) { try await waiter.value }
        #expect(error.kind == .cancelled)
        #expect(throttle.waiting == 1)
        transport.releaseOne()
        _ = try await holder.value
        try await eventually { transport.holding == 1 }
        transport.releaseOne()
        _ = try await last.value
        #expect(transport.requests.map { $0.head.path! } == ["/holder", "/last"])
        #expect(throttle.running == 0)
    }

    @Test("per host: a full host does not hold up another host")
    func perHost() async throws {
        let transport = HeldTransport()
        let throttle = Throttling(maxConcurrent: 10, perHost: 1)
        let client = Client(transport: transport).with(throttle)
        let a1 = Task { try await client.send(try request("a1", host: "a.example.com")) }
        try await eventually { transport.holding == 1 }
        let a2 = Task { try await client.send(try request("a2", host: "a.example.com")) }
        try await eventually { throttle.waiting == 1 }
        let b1 = Task { try await client.send(try request("b1", host: "b.example.com")) }
        try await eventually { transport.holding == 2 }
        #expect(transport.requests.map { $0.head.path! } == ["/a1", "/b1"])
        transport.releaseAll()
        try await eventually { transport.holding == 1 }
        transport.releaseAll()
        for task in [a1, a2, b1] { _ = try await task.value }
        #expect(transport.requests.map { $0.head.path! } == ["/a1", "/b1", "/a2"])
    }

    @Test("a streamed response keeps its slot until the body is read")
    func slotHeldWhileStreaming() async throws {
        let (chunks, writer) = AsyncStream<Data>.makeStream()
        let transport = RecordingTransport { request in
            ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(length: nil, chunks: BodyChunks(chunks)), request: request)
        }
        let throttle = Throttling(maxConcurrent: 1)
        let client = Client(transport: transport).with(throttle)
        let response = try await client.send(try request("stream"))
        #expect(throttle.running == 1)
        writer.yield(Data("abc".utf8))
        writer.finish()
        #expect(try await response.body.collect(upTo: 10) == Data("abc".utf8))
        #expect(throttle.running == 0)
    }
}
