/// The lookups each thread made last in memory stores: a key's variants as the store held them at a
/// count of its changes, in copies of the thread's own.
///
/// NOTE: with one store for all threads, every hit took the store's lock and counted a reference to the
/// stored response, and both are writes to memory that every core shares: at 64 concurrent hits on two
/// cores, a hit cost more than on one core, and most of the difference was those two writes (Benchmarks/load,
/// the cache hit). A thread now asks the store once and serves its next hits of the key from its own
/// copies while the store's ``ChangeCount`` has not moved: any change to the store, anywhere, sends every
/// thread back to it.
///
/// What a thread keeps is bounded: at most `capacity` keys of at most `mostVariants` variants, only
/// variants whose bodies are small (a large body would be held past the store's byte budget after the
/// store let go of it), each served at most `usesBeforeAsking` times before the store is asked again, so
/// that its least-recently-used order still sees the key in use. Use it only from synchronous code (see
/// `PerThread`).
final class RecentLookups {
    private struct Entry {
        let store: UInt64
        let key: String
        let changes: UInt64
        var variants: [CachedResponse]
        var uses: Int
    }

    private static let capacity = 8
    private static let usesBeforeAsking = 64
    private static let smallBody = 4096
    private static let mostVariants = 4
    private static let perThread = PerThread { RecentLookups() }

    private let leading = CacheLinePadding()
    private var entries = RecentEntries<Entry>(capacity: capacity)
    /// Keep the objects next to this one in memory, another thread's perhaps, off its fields' cache lines.
    private let trailing = CacheLinePadding()

    /// The calling thread's copies of the variants for `key` in store `store` (a serial number of the
    /// store's own) at change count `changes`; `nil` when it has none for that count, or has served them
    /// often enough that the store should be asked again. Then ask the store, and hand its answer to
    /// ``remember(_:store:key:changes:)``.
    ///
    /// NOTE: two calls, not one taking the store's lookup as a closure: the closure counted references
    /// to the store it captured on every hit, which every thread shares (Benchmarks/load, the cache hit at
    /// c = 64).
    static func variants(store: UInt64, key: String, changes: UInt64) -> [CachedResponse]? {
        perThread.withCurrent { $0.variants(store: store, key: key, changes: changes) }
    }

    /// Keeps the calling thread's copies of `variants`, the store's answer for `key` at count `changes`,
    /// when they are small enough; returns what to serve.
    static func remember(_ variants: [CachedResponse], store: UInt64, key: String, changes: UInt64) -> [CachedResponse] {
        perThread.withCurrent { $0.remember(variants, store: store, key: key, changes: changes) }
    }

    private func variants(store: UInt64, key: String, changes: UInt64) -> [CachedResponse]? {
        guard let index = entries.firstIndex(where: { $0.store == store && $0.key == key }),
              entries[index].changes == changes, entries[index].uses < Self.usesBeforeAsking else { return nil }
        entries[index].uses += 1
        return entries[index].variants
    }

    private func remember(_ variants: [CachedResponse], store: UInt64, key: String, changes: UInt64) -> [CachedResponse] {
        let index = entries.firstIndex { $0.store == store && $0.key == key }
        guard variants.count <= Self.mostVariants, variants.allSatisfy({ $0.body.count <= Self.smallBody }) else {
            // Never kept: drop what the thread had for the key.
            if let index { entries[index].uses = Self.usesBeforeAsking; entries[index].variants = [] }
            return variants
        }
        let entry = Entry(store: store, key: key, changes: changes, variants: variants.map { $0.ownCopy() }, uses: 1)
        if let index {
            entries[index] = entry
        } else {
            entries.add(entry)
        }
        return entry.variants
    }
}
