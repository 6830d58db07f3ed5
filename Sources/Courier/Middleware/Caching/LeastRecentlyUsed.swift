/// A table that remembers the order its keys were last used in, and the cost of each value.
///
/// The order is a doubly linked list kept in two dictionaries, so use, insertion and eviction are all
/// constant time.
struct LeastRecentlyUsed<Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var newer: String?
        var older: String?
    }

    private var entries: [String: Entry] = [:]
    private var newest: String?
    private var oldest: String?
    private(set) var totalCost = 0

    var count: Int { entries.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(forKey key: String) -> Value? {
        guard let entry = entries[key] else { return nil }
        unlink(key)
        link(key)
        return entry.value
    }

    /// Stores `value` as the most recently used.
    mutating func setValue(_ value: Value, forKey key: String, cost: Int) {
        removeValue(forKey: key)
        entries[key] = Entry(value: value, cost: cost)
        totalCost += cost
        link(key)
    }

    mutating func removeValue(forKey key: String) {
        guard let entry = entries[key] else { return }
        unlink(key)
        totalCost -= entry.cost
        entries[key] = nil
    }

    /// Removes the least recently used entry and returns its key.
    mutating func removeLeastRecentlyUsed() -> String? {
        guard let key = oldest else { return nil }
        removeValue(forKey: key)
        return key
    }

    private mutating func link(_ key: String) {
        entries[key]?.older = newest
        entries[key]?.newer = nil
        if let newest { entries[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    private mutating func unlink(_ key: String) {
        guard let entry = entries[key] else { return }
        if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
        if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
        entries[key]?.newer = nil
        entries[key]?.older = nil
    }
}
