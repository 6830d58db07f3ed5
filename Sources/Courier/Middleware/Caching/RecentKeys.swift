/// The cache keys each thread made last, by the scheme, authority and path they were made from.
///
/// NOTE: a key is a new string of the canonical URL, made for every request the cache sees; the hits on
/// one resource make the same key over and over. Comparing the parts with the ones a thread used last
/// costs less than writing a new string, and the key it returns was made on that thread, so counting a
/// reference to it writes to no other core's memory (Benchmarks/load, the cache hit). Use it only from
/// synchronous code (see `PerThread`).
final class RecentKeys {
    private struct Entry {
        let scheme: String
        let authority: String
        let path: String
        let key: String
    }

    private static let capacity = 8
    private static let perThread = PerThread { RecentKeys() }

    private let leading = CacheLinePadding()
    private var entries = RecentEntries<Entry>(capacity: capacity)
    /// Keep the objects next to this one in memory, another thread's perhaps, off its fields' cache lines.
    private let trailing = CacheLinePadding()

    /// The key for the parts: the calling thread's when it made one for them lately, else `make()`'s.
    static func key(scheme: String, authority: String, path: String, make: () -> String) -> String {
        perThread.withCurrent { $0.key(scheme: scheme, authority: authority, path: path, make: make) }
    }

    private func key(scheme: String, authority: String, path: String, make: () -> String) -> String {
        if let index = entries.firstIndex(where: { $0.path == path && $0.authority == authority && $0.scheme == scheme }) {
            return entries[index].key
        }
        let entry = Entry(scheme: scheme, authority: authority, path: path, key: make())
        entries.add(entry)
        return entry.key
    }
}
