/// A table that remembers the order its keys were last used in, and the cost of each value.
///
/// The order is a doubly linked list threaded through an array of slots by index, with a dictionary
/// from key to slot: use, insertion and eviction are constant time, and a use hashes its key once (a
/// cache hit does one).
struct LeastRecentlyUsed<Value> {
    /// A key's place in the order. NOTE: the values live in an array of their own, so that reading one
    /// copies the value alone, not its key and links too.
    private struct Slot {
        var key: String
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    private var slots: [Slot?] = []
    private var values: [Value?] = []
    private var free: [Int] = []
    private var index: [String: Int] = [:]
    private var newest: Int?
    private var oldest: Int?
    private(set) var totalCost = 0

    var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(forKey key: String) -> Value? {
        withValue(forKey: key) { $0 }
    }

    /// `body` of the value for `key`, which becomes the most recently used; the value is not copied.
    mutating func withValue<Result>(forKey key: String, _ body: (Value) -> Result) -> Result? {
        guard let position = index[key] else { return nil }
        if position != newest {
            unlink(position)
            link(position)
        }
        return values[position].map(body)
    }

    /// Stores `value` as the most recently used.
    mutating func setValue(_ value: Value, forKey key: String, cost: Int) {
        removeValue(forKey: key)
        let slot = Slot(key: key, cost: cost)
        let position: Int
        if let reused = free.popLast() {
            slots[reused] = slot
            values[reused] = value
            position = reused
        } else {
            slots.append(slot)
            values.append(value)
            position = slots.count - 1
        }
        index[key] = position
        totalCost += cost
        link(position)
    }

    mutating func removeValue(forKey key: String) {
        guard let position = index.removeValue(forKey: key) else { return }
        unlink(position)
        totalCost -= slots[position]?.cost ?? 0
        slots[position] = nil
        values[position] = nil
        free.append(position)
    }

    /// Removes the least recently used entry and returns its key.
    mutating func removeLeastRecentlyUsed() -> String? {
        guard let position = oldest, let key = slots[position]?.key else { return nil }
        removeValue(forKey: key)
        return key
    }

    private mutating func link(_ position: Int) {
        slots[position]?.older = newest
        slots[position]?.newer = nil
        if let newest { slots[newest]?.newer = position }
        newest = position
        if oldest == nil { oldest = position }
    }

    private mutating func unlink(_ position: Int) {
        guard let slot = slots[position] else { return }
        if let newer = slot.newer { slots[newer]?.older = slot.older } else { newest = slot.older }
        if let older = slot.older { slots[older]?.newer = slot.newer } else { oldest = slot.newer }
        slots[position]?.newer = nil
        slots[position]?.older = nil
    }
}
