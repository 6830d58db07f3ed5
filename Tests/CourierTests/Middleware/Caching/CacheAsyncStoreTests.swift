@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// A store whose every call suspends before it touches its table, as a store over a database or a network
/// would: the cache must still have stored a response by the time its body has been read.
actor SuspendingCacheStore: CacheStore {
    private var table: [String: [CachedResponse]] = [:]
    private(set) var writes = 0

    func responses(forKey key: String) async -> [CachedResponse] {
        await Task.yield()
        return table[key] ?? []
    }

    func updateResponses(forKey key: String, _ transform: @escaping @Sendable ([CachedResponse]) -> [CachedResponse]) async {
        await Task.yield()
        // No suspension between the read and the write: the update is atomic for its key.
        let updated = transform(table[key] ?? [])
        table[key] = updated.isEmpty ? nil : updated
        writes += 1
    }

    func removeResponses(forKey key: String) async {
        await Task.yield()
        table[key] = nil
    }

    func removeAll() async {
        table = [:]
    }
}

@Suite("An asynchronous cache store")
struct CacheAsyncStoreTests {
    /// A transport that answers every GET with a cacheable body streamed in three chunks.
    static func streamingTransport() -> RecordingTransport {
        RecordingTransport { request in
            let parts = [Data("one ".utf8), Data("two ".utf8), Data("three".utf8)]
            let chunks = BodyChunks {
                var remaining = parts[...]
                return { remaining.popFirst() }
            }
            let head = HTTPResponse(status: .ok, headerFields: [.cacheControl: "max-age=60", .date: HTTPDate.format(Date())])
            return ClientResponse(head: head, body: ResponseBody(length: nil, chunks: chunks), request: request)
        }
    }

    @Test("a streamed response is in the store by the time its body has been read, even when the store suspends")
    func storedBeforeTheEndIsSeen() async throws {
        let store = SuspendingCacheStore()
        let transport = Self.streamingTransport()
        let client = Client(transport: transport).caching(in: store)
        for _ in 0..<3 {
            let response = try await client.send(ClientRequest(.get, url: "https://api.example.com/items"))
            #expect(try await response.body.collect(upTo: 1024) == Data("one two three".utf8))
        }
        #expect(transport.requests.count == 1, "the second and third requests are hits")
        #expect(await store.writes == 1)
    }

    @Test("a response whose body is dropped half read is not stored")
    func abandonedNotStored() async throws {
        let store = SuspendingCacheStore()
        let transport = Self.streamingTransport()
        let client = Client(transport: transport).caching(in: store)
        let first = try await client.send(ClientRequest(.get, url: "https://api.example.com/items"))
        var iterator = first.body.makeAsyncIterator()
        _ = try await iterator.next()
        _ = try await client.send(ClientRequest(.get, url: "https://api.example.com/items"))
        #expect(transport.requests.count == 2)
        #expect(await store.writes == 0)
    }

    @Test("DiskCacheStore reads and writes its files on its own queue, never on a task's thread")
    func diskWorkOffTheCooperativePool() async throws {
        try await DiskCacheStoreTests.withDirectory { directory in
            let store = try DiskCacheStore(directory: directory)
            let written = cachedResponse("http://h/a", size: 100)
            // The transform runs where the file work runs: outside any task means off the cooperative pool.
            await store.updateResponses(forKey: "GET http://h/a") { _ in
                withUnsafeCurrentTask { $0 == nil } ? [written] : []
            }
            #expect(await store.responses(forKey: "GET http://h/a") == [written])
        }
    }

    @Test("200 concurrent requests through a cache on disk: one reaches the server once stored, the rest are hits")
    func diskStoreUnderConcurrency() async throws {
        try await DiskCacheStoreTests.withDirectory { directory in
            let store = try DiskCacheStore(directory: directory)
            let transport = Self.streamingTransport()
            let client = Client(transport: transport).caching(in: store)
            let warm = try await client.send(ClientRequest(.get, url: "https://api.example.com/items"))
            _ = try await warm.body.collect(upTo: 1024)
            try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        let response = try await client.send(ClientRequest(.get, url: "https://api.example.com/items"))
                        return try await response.body.collect(upTo: 1024)
                    }
                }
                for try await body in group { #expect(body == Data("one two three".utf8)) }
            }
            #expect(transport.requests.count == 1)
        }
    }
}
