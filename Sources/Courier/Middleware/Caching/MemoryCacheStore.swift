/// A ``CacheStore`` in memory that never holds more than its byte budget: when a new entry does not
/// fit, the least recently used entries go first; an entry larger than the whole budget is not kept.
///
/// Its methods are synchronous (a short critical section under a lock), so the cache's `await`s on it
/// never suspend.
///
/// ```swift
/// let client = base.caching(in: MemoryCacheStore(maxBytes: 20 * 1024 * 1024))
/// ```
public final class MemoryCacheStore: CacheStore {
    /// The byte budget, as counted by ``CachedResponse/cost``.
    public let maxBytes: Int
    private let table = Locked(LeastRecentlyUsed<[CachedResponse]>())
    /// Bumped under the lock after every change to the table, so that a thread may serve hits from its
    /// own copies until the next change (`RecentLookups`).
    private let changes = ChangeCount()
    /// The store's own number, by which `RecentLookups` tells stores apart (an address may be reused).
    private let serial = ServedCopies.makeSerial()

    /// Creates an empty store that keeps at most `maxBytes` (10 MiB by default).
    public init(maxBytes: Int = 10 * 1024 * 1024) {
        precondition(maxBytes >= 0, "maxBytes must not be negative")
        self.maxBytes = maxBytes
    }

    /// The bytes held now; never more than ``maxBytes``.
    public var currentBytes: Int {
        table.withLock { $0.totalCost }
    }

    /// How many keys are stored.
    public var count: Int {
        table.withLock { $0.count }
    }

    /// The variants stored for `key`; reading one makes it the most recently used.
    public func responses(forKey key: String) -> [CachedResponse] {
        table.withLock { $0.value(forKey: key) } ?? []
    }

    /// The first variant for `key` that `isMatch` accepts, found under the lock; reading one makes the
    /// key the most recently used.
    ///
    /// NOTE: the array of variants stays in the store: handing it out would count references to it from
    /// every thread serving hits (Benchmarks/load, the cache hit at 64 concurrent requests).
    public func response(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) -> CachedResponse? {
        table.withLock { table in
            table.withValue(forKey: key) { variants in variants.first(where: isMatch) } ?? nil
        }
    }

    /// Replaces the variants for `key` under the store's lock, then evicts to stay within the budget.
    public func updateResponses(forKey key: String, _ transform: @escaping @Sendable ([CachedResponse]) -> [CachedResponse]) {
        table.withLock { table in
            let updated = transform(table.value(forKey: key) ?? [])
            let cost = updated.reduce(0) { $0 + $1.cost }
            defer { changes.bump() }
            guard !updated.isEmpty, cost <= maxBytes else {
                table.removeValue(forKey: key)
                return
            }
            table.setValue(updated, forKey: key, cost: cost)
            while table.totalCost > maxBytes, table.removeLeastRecentlyUsed() != nil {}
        }
    }

    /// Removes everything stored for `key`.
    public func removeResponses(forKey key: String) {
        table.withLock { table in
            table.removeValue(forKey: key)
            changes.bump()
        }
    }

    /// Empties the store.
    public func removeAll() {
        table.withLock { table in
            table = LeastRecentlyUsed()
            changes.bump()
        }
    }
}

extension MemoryCacheStore: ImmediateCacheLookup {
    /// ``response(forKey:where:)``, from the calling thread's own copies of the key's variants while the
    /// store has not changed since the thread last asked (`RecentLookups`).
    func responseAtOnce(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) -> CachedResponse? {
        // Read before the lookup: a change made after it sends the next hit back to the store.
        guard let count = changes.current else { return response(forKey: key, where: isMatch) }
        if let variants = RecentLookups.variants(store: serial, key: key, changes: count) {
            return variants.first(where: isMatch)
        }
        let variants = table.withLock { $0.value(forKey: key) } ?? []
        return RecentLookups.remember(variants, store: serial, key: key, changes: count).first(where: isMatch)
    }
}
