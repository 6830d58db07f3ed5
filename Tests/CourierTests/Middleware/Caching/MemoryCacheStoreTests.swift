import Courier
import Foundation
import Testing

/// A cached response with a body of `size` bytes, for store tests.
func cachedResponse(_ url: String, size: Int, byte: UInt8 = 0x61) -> CachedResponse {
    CachedResponse(
        url: url, status: 200, reasonPhrase: "OK",
        headerFields: [.init(name: "Content-Type", value: "application/octet-stream"), .init(name: "ETag", value: "\"1\"")],
        body: Data(repeating: byte, count: size),
        requestTime: Date(timeIntervalSince1970: 1_800_000_000), responseTime: Date(timeIntervalSince1970: 1_800_000_001),
        varyingRequestFields: ["accept-language": "de"], initialAge: 1, freshnessLifetime: 60, credentialIdentity: nil
    )
}

/// A deterministic random source, so a failing workload can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("MemoryCacheStore")
struct MemoryCacheStoreTests {
    @Test("never holds more than its byte budget under 5,000 writes of random sizes")
    func budget() {
        let store = MemoryCacheStore(maxBytes: 256 * 1024)
        var random = SplitMix64(state: 42)
        var largest = 0
        for index in 0..<5_000 {
            let key = "GET http://h/\(Int.random(in: 0..<300, using: &random))"
            let size = Int.random(in: 0..<40_000, using: &random)
            if index % 7 == 0 {
                store.removeResponses(forKey: key)
            } else {
                store.updateResponses(forKey: key) { _ in [cachedResponse(key, size: size)] }
            }
            largest = max(largest, store.currentBytes)
            #expect(store.currentBytes <= store.maxBytes)
        }
        #expect(largest > store.maxBytes / 2, "the workload must fill the store")
    }

    @Test("the least recently used entry goes first, and reading an entry counts as using it")
    func leastRecentlyUsed() {
        let one = cachedResponse("a", size: 1000).cost
        let store = MemoryCacheStore(maxBytes: one * 3)
        for key in ["a", "b", "c"] { store.updateResponses(forKey: key) { _ in [cachedResponse(key, size: 1000)] } }
        _ = store.responses(forKey: "a")
        store.updateResponses(forKey: "d") { _ in [cachedResponse("d", size: 1000)] }
        #expect(store.responses(forKey: "b").isEmpty)
        #expect(!store.responses(forKey: "a").isEmpty)
        #expect(!store.responses(forKey: "c").isEmpty)
        #expect(!store.responses(forKey: "d").isEmpty)
        #expect(store.count == 3)
    }

    @Test("an entry larger than the whole budget is not kept, and evicts nothing")
    func oversized() {
        let store = MemoryCacheStore(maxBytes: 10_000)
        store.updateResponses(forKey: "small") { _ in [cachedResponse("small", size: 100)] }
        store.updateResponses(forKey: "huge") { _ in [cachedResponse("huge", size: 20_000)] }
        #expect(store.responses(forKey: "huge").isEmpty)
        #expect(store.responses(forKey: "small").count == 1)
        store.removeAll()
        #expect(store.currentBytes == 0)
    }

    @Test("response(forKey:where:) picks the first variant that matches, nil when none does, and counts as a use")
    func firstMatchingVariant() {
        let one = cachedResponse("a", size: 1000).cost
        let store = MemoryCacheStore(maxBytes: one * 3)
        let german = cachedResponse("a", size: 1000, byte: 0x64)
        let french = { var french = cachedResponse("a", size: 1000, byte: 0x66); french.varyingRequestFields = ["accept-language": "fr"]; return french }()
        store.updateResponses(forKey: "a") { _ in [german, french] }
        store.updateResponses(forKey: "b") { _ in [cachedResponse("b", size: 1000)] }
        #expect(store.response(forKey: "a") { $0.varyingRequestFields["accept-language"] == "fr" } == french)
        #expect(store.response(forKey: "a") { _ in true } == german)
        #expect(store.response(forKey: "a") { _ in false } == nil)
        #expect(store.response(forKey: "missing") { _ in true } == nil)
        // "b" is now the least recently used: the next write evicts it, not "a".
        store.updateResponses(forKey: "c") { _ in [cachedResponse("c", size: 1000)] }
        #expect(store.responses(forKey: "b").isEmpty)
        #expect(store.responses(forKey: "a").count == 2)
    }

    @Test("a store with only responses(forKey:) gets response(forKey:where:) from the protocol")
    func defaultFirstMatchingVariant() async {
        struct Fixed: CacheStore {
            let variants: [CachedResponse]
            func responses(forKey key: String) async -> [CachedResponse] { key == "k" ? variants : [] }
            func updateResponses(forKey key: String, _ transform: @escaping @Sendable ([CachedResponse]) -> [CachedResponse]) async {}
            func removeResponses(forKey key: String) async {}
            func removeAll() async {}
        }
        let first = cachedResponse("k", size: 1, byte: 0x31)
        let second = cachedResponse("k", size: 2, byte: 0x32)
        let store = Fixed(variants: [first, second])
        #expect(await store.response(forKey: "k") { $0.body.count == 2 } == second)
        #expect(await store.response(forKey: "k") { _ in false } == nil)
        #expect(await store.response(forKey: "other") { _ in true } == nil)
    }
}
