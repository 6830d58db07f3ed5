import Foundation

/// The records a ``DiskCacheStore`` read or wrote last, decoded, within a byte budget: a hit on one of
/// them reads no file, decodes nothing and does not wait for the store's queue.
///
/// Only the store's queue changes it, after the file changed, so it never holds what the files no longer
/// say (except entries the directory's byte budget evicted, which stay servable until they leave here).
final class RecentRecords: Sendable {
    private struct Record {
        var responses: [CachedResponse]
        /// When the file's modification date was last set: the directory's LRU order.
        var touched: Date
    }

    /// The most bytes, as counted by ``CachedResponse/cost``; 0 keeps nothing.
    let budget: Int
    private let table = Locked(LeastRecentlyUsed<Record>())
    /// Bumped under the lock after every change to the records, so that a thread may serve hits from its
    /// own copies until the next change (`RecentLookups`, as ``MemoryCacheStore`` does).
    private let changes = ChangeCount()
    /// Its own number, by which `RecentLookups` tells stores apart.
    private let serial = ServedCopies.makeSerial()

    /// How long a hit from memory may leave its file's modification date alone: the directory's LRU order is
    /// kept to the minute, not to the request.
    private static var touchInterval: TimeInterval { 60 }

    init(budget: Int) {
        self.budget = budget
    }

    /// The variants for `key` if they are here, and whether the file's modification date is due to be set
    /// (it is then marked as set `now`).
    func responses(forKey key: String, at now: Date) -> (responses: [CachedResponse], touch: Bool)? {
        table.withLock { table in
            guard var record = table.value(forKey: key) else { return nil }
            guard now.timeIntervalSince(record.touched) >= Self.touchInterval else { return (record.responses, false) }
            record.touched = now
            table.setValue(record, forKey: key, cost: Self.cost(of: record.responses))
            return (record.responses, true)
        }
    }

    /// The first variant for `key` that `isMatch` accepts, `nil` when the variants are not here or none
    /// matches: from the calling thread's copies while nothing here changed (`RecentLookups`, as
    /// ``MemoryCacheStore`` does). `touch` is the time to set the file's modification date to, when that
    /// is due.
    func responseAtOnce(forKey key: String, where isMatch: (CachedResponse) -> Bool) -> (response: CachedResponse?, touch: Date?) {
        let count = changes.current
        if let count, let variants = RecentLookups.variants(store: serial, key: key, changes: count) {
            return (variants.first(where: isMatch), nil)
        }
        let now = Date()
        guard let (responses, due) = responses(forKey: key, at: now) else { return (nil, nil) }
        let variants = count.map { RecentLookups.remember(responses, store: serial, key: key, changes: $0) } ?? responses
        return (variants.first(where: isMatch), due ? now : nil)
    }

    /// Keeps `responses` for `key` (forgets the key when they are empty or larger than the whole budget).
    func remember(_ responses: [CachedResponse], forKey key: String, touched: Date) {
        let cost = Self.cost(of: responses)
        table.withLock { table in
            guard !responses.isEmpty, cost <= budget else {
                // Nothing to keep: a change only when the key was here (a file read that found nothing
                // must not send every thread back to the records).
                let count = table.count
                table.removeValue(forKey: key)
                if table.count != count { changes.bump() }
                return
            }
            defer { changes.bump() }
            table.setValue(Record(responses: responses, touched: touched), forKey: key, cost: cost)
            while table.totalCost > budget, table.removeLeastRecentlyUsed() != nil {}
        }
    }

    func forget(_ key: String) {
        table.withLock { table in
            table.removeValue(forKey: key)
            changes.bump()
        }
    }

    func forgetAll() {
        table.withLock { table in
            table = LeastRecentlyUsed()
            changes.bump()
        }
    }

    private static func cost(of responses: [CachedResponse]) -> Int {
        responses.reduce(0) { $0 + $1.cost }
    }
}
