@testable import Courier
import Foundation
import Testing

/// What each thread keeps of the memory store's lookups (`RecentLookups`) and of the keys it made
/// (`RecentKeys`): never an answer the store would no longer give.
@Suite("Each thread's copies of lookups and keys")
struct ThreadCopiesTests {
    static let key = "GET http://h/a"

    static func url(of response: CachedResponse?) -> String? { response?.url }

    @Test("after any change to the store the next lookup on the same thread sees it: a new value, a removal, emptying it")
    func changesAreSeenAtOnce() {
        let store = MemoryCacheStore()
        store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 10)] }
        for _ in 0..<3 {
            #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 10)
        }
        store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 20)] }
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 20)
        // A change to another key moves the count too: the next lookup asks the store and gets the same.
        store.updateResponses(forKey: "GET http://h/b") { _ in [cachedResponse("http://h/b", size: 5)] }
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 20)
        store.removeResponses(forKey: Self.key)
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true } == nil)
        store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 30)] }
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 30)
        store.removeAll()
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true } == nil)
        #expect(store.responseAtOnce(forKey: "GET http://h/b") { _ in true } == nil)
    }

    @Test("the records a disk store keeps in memory: a new value, a forgotten key or forgetting all is seen by the next lookup on the same thread")
    func recentRecordsChangesAreSeenAtOnce() {
        let recent = RecentRecords(budget: 1 << 20)
        func size() -> Int? { recent.responseAtOnce(forKey: Self.key) { _ in true }.response?.body.count }
        #expect(size() == nil)
        recent.remember([cachedResponse("http://h/a", size: 10)], forKey: Self.key, touched: Date())
        for _ in 0..<3 { #expect(size() == 10) }
        recent.remember([cachedResponse("http://h/a", size: 20)], forKey: Self.key, touched: Date())
        #expect(size() == 20)
        recent.forget(Self.key)
        #expect(size() == nil)
        recent.remember([cachedResponse("http://h/a", size: 30)], forKey: Self.key, touched: Date())
        #expect(size() == 30)
        recent.forgetAll()
        #expect(size() == nil)
    }

    @Test("the disk store's records in memory: a write, a removal or emptying it is seen by the next lookup")
    func diskStoreChangesAreSeenAtOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-thread-copies-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try DiskCacheStore(directory: directory)
        await store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 10)] }
        for _ in 0..<3 {
            #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 10)
        }
        await store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 20)] }
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 20)
        await store.removeResponses(forKey: Self.key)
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true } == nil)
        await store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 30)] }
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 30)
        await store.removeAll()
        #expect(store.responseAtOnce(forKey: Self.key) { _ in true } == nil)
        #expect(await store.responses(forKey: Self.key).isEmpty)
    }

    @Test("a change made from another task is seen by the next lookup")
    func changesFromOtherThreads() async {
        let store = MemoryCacheStore()
        store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 1)] }
        for size in 2...50 {
            #expect(store.responseAtOnce(forKey: Self.key) { _ in true } != nil)
            await Task.detached { store.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: size)] } }.value
            #expect(store.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == size)
        }
    }

    @Test("the predicate picks among the kept variants on every lookup, and two stores never answer for each other")
    func variantsAndStores() {
        let store = MemoryCacheStore(), other = MemoryCacheStore()
        let german = cachedResponse("http://h/a", size: 1)
        let english = {
            var english = cachedResponse("http://h/a", size: 2)
            english.varyingRequestFields = ["accept-language": "en"]
            return english
        }()
        store.updateResponses(forKey: Self.key) { _ in [german, english] }
        other.updateResponses(forKey: Self.key) { _ in [cachedResponse("http://h/a", size: 99)] }
        for _ in 0..<3 {
            #expect(store.responseAtOnce(forKey: Self.key) { $0.varyingRequestFields["accept-language"] == "en" }?.body.count == 2)
            #expect(store.responseAtOnce(forKey: Self.key) { $0.varyingRequestFields["accept-language"] == "de" }?.body.count == 1)
            #expect(store.responseAtOnce(forKey: Self.key) { $0.varyingRequestFields["accept-language"] == "fr" } == nil)
            #expect(other.responseAtOnce(forKey: Self.key) { _ in true }?.body.count == 99)
        }
    }

    @Test("a key served from a thread's copies still counts as used: the store evicts a colder key first")
    func hotKeysStayRecentlyUsed() {
        // Room for two 1 KiB entries, not three.
        let store = MemoryCacheStore(maxBytes: 2 * (1024 + 300))
        store.updateResponses(forKey: "GET http://h/hot") { _ in [cachedResponse("http://h/hot", size: 1024)] }
        store.updateResponses(forKey: "GET http://h/cold") { _ in [cachedResponse("http://h/cold", size: 1024)] }
        // The thread copies the hot key first, then uses the cold one: from here on only the asks that a
        // thread makes again every so many hits keep the hot key more recently used than the cold one.
        #expect(store.responseAtOnce(forKey: "GET http://h/hot") { _ in true } != nil)
        #expect(store.responseAtOnce(forKey: "GET http://h/cold") { _ in true } != nil)
        for _ in 0..<200 {
            #expect(store.responseAtOnce(forKey: "GET http://h/hot") { _ in true } != nil)
        }
        store.updateResponses(forKey: "GET http://h/new") { _ in [cachedResponse("http://h/new", size: 1024)] }
        #expect(store.responses(forKey: "GET http://h/hot").count == 1)
        #expect(store.responses(forKey: "GET http://h/cold").isEmpty)
    }

    @Test("what a lookup answers equals what was stored, for a small body (kept by the thread) and a large one (never kept)")
    func copiesEqualTheStored() {
        let store = MemoryCacheStore()
        let small = cachedResponse("http://h/a", size: 100)
        let large = cachedResponse("http://h/large", size: 64 * 1024)
        store.updateResponses(forKey: Self.key) { _ in [small] }
        store.updateResponses(forKey: "GET http://h/large") { _ in [large] }
        for _ in 0..<3 {
            #expect(store.responseAtOnce(forKey: Self.key) { _ in true } == small)
            #expect(store.responseAtOnce(forKey: "GET http://h/large") { _ in true } == large)
        }
        #expect(small.ownCopy() == small)
    }

    @Test("a key is made again for other parts; equal parts give the key the canonical spelling gives")
    func keysByParts() throws {
        var seen: [String] = []
        for url in ["http://h/a", "http://H:80/a", "http://h/b", "https://h/a", "http://h:8080/a", "http://h/a?q=1", "http://h/a"] {
            let request = try ClientRequest(.get, url: url)
            let key = try #require(CacheKeys.key(of: request))
            #expect(key == "GET " + CacheKeys.canonical(scheme: request.head.scheme!, authority: request.head.authority!, path: request.head.path!))
            seen.append(key)
        }
        #expect(seen == [
            "GET http://h/a", "GET http://h/a", "GET http://h/b", "GET https://h/a", "GET http://h:8080/a", "GET http://h/a?q=1", "GET http://h/a",
        ])
        // More parts than a thread keeps, in turn: each still gets its own key.
        for round in 0..<2 {
            for index in 0..<20 {
                let key = try #require(CacheKeys.key(of: ClientRequest(.get, url: "http://h/\(index)")))
                #expect(key == "GET http://h/\(index)", "round \(round)")
            }
        }
    }

    @Test("the change count moves with every bump")
    func changeCount() throws {
        let count = ChangeCount()
        guard let start = count.current else {
            // Without `Atomic` (before macOS 15) there is no count, and stores take their lock every time.
            return
        }
        count.bump()
        count.bump()
        #expect(count.current == start + 2)
    }
}
