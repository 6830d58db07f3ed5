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

    /// How long a hit from memory may leave its file's modification date alone: the directory's LRU order is
    /// kept to the minute, not to the request.
    private static var touchInterval: TimeInterval { 60 }

    init(budget: Int) {
        self.budget = budget
    }

    /// The variants for `key` if they are here, and whether the file's modification date is due to be set.
    func responses(forKey key: String, at now: Date) -> (responses: [CachedResponse], touch: Bool)? {
        table.withLock { table in
            guard var record = table.value(forKey: key) else { return nil }
            guard now.timeIntervalSince(record.touched) >= Self.touchInterval else { return (record.responses, false) }
            record.touched = now
            table.setValue(record, forKey: key, cost: Self.cost(of: record.responses))
            return (record.responses, true)
        }
    }

    /// The first variant for `key` that `isMatch` accepts, if the variants are here (`nil` when they are
    /// not), and whether the file's modification date is due to be set. The array of variants stays here:
    /// see ``MemoryCacheStore/response(forKey:where:)``.
    func response(forKey key: String, at now: Date, where isMatch: (CachedResponse) -> Bool) -> (response: CachedResponse?, touch: Bool)? {
        table.withLock { table in
            guard let (match, touched) = table.withValue(forKey: key, { ($0.responses.first(where: isMatch), $0.touched) }) else {
                return nil
            }
            let due = now.timeIntervalSince(touched) >= Self.touchInterval
            if due, var record = table.value(forKey: key) {
                record.touched = now
                table.setValue(record, forKey: key, cost: Self.cost(of: record.responses))
            }
            return (match, due)
        }
    }

    /// Keeps `responses` for `key` (forgets the key when they are empty or larger than the whole budget).
    func remember(_ responses: [CachedResponse], forKey key: String, touched: Date) {
        let cost = Self.cost(of: responses)
        table.withLock { table in
            guard !responses.isEmpty, cost <= budget else {
                table.removeValue(forKey: key)
                return
            }
            table.setValue(Record(responses: responses, touched: touched), forKey: key, cost: cost)
            while table.totalCost > budget, table.removeLeastRecentlyUsed() != nil {}
        }
    }

    func forget(_ key: String) {
        table.withLock { $0.removeValue(forKey: key) }
    }

    func forgetAll() {
        table.withLock { $0 = LeastRecentlyUsed() }
    }

    private static func cost(of responses: [CachedResponse]) -> Int {
        responses.reduce(0) { $0 + $1.cost }
    }
}
