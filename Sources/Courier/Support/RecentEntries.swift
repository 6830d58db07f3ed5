/// A few entries kept in the order they came: once `capacity` are kept, a new one replaces the oldest.
///
/// What a thread remembers of its last cache hits (`ServedCopies`, `RecentLookups`, `RecentKeys`) is
/// a handful of hot entries, searched from the front: a ring this small costs less than hashing a key.
struct RecentEntries<Entry> {
    private let capacity: Int
    private var entries: [Entry] = []
    private var oldest = 0

    init(capacity: Int) {
        precondition(capacity > 0, "RecentEntries needs room for one entry")
        self.capacity = capacity
    }

    /// The position of the first entry that `isMatch` accepts.
    func firstIndex(where isMatch: (Entry) -> Bool) -> Int? {
        entries.firstIndex(where: isMatch)
    }

    /// NOTE: `_modify`, so that changing a field of an entry changes it in place instead of copying the
    /// entry out and back (a hit bumps a use count in one).
    subscript(index: Int) -> Entry {
        get { entries[index] }
        _modify { yield &entries[index] }
    }

    /// Keeps `entry`, in place of the oldest when `capacity` are kept.
    mutating func add(_ entry: Entry) {
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[oldest] = entry
            oldest = (oldest + 1) % capacity
        }
    }
}
