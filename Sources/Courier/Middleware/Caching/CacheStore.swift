/// Where ``Client/caching(in:configuration:clock:)`` keeps responses: a table from a key (the method
/// and URL) to the variants stored for it.
///
/// Calls are synchronous and short, so that a response is stored by the time its body has been read
/// and the next request finds it; ``DiskCacheStore`` does small file reads and writes inside them.
/// Implementations must be safe to call from many tasks at once, and ``updateResponses(forKey:_:)``
/// must be atomic for its key.
///
/// Courier has two: ``MemoryCacheStore`` (least recently used out first, within a byte budget) and
/// ``DiskCacheStore`` (one directory, survives a restart).
public protocol CacheStore: Sendable {
    /// The variants stored for `key`; empty when there are none.
    func responses(forKey key: String) -> [CachedResponse]

    /// Replaces the variants for `key` with `transform` of them, atomically; an empty result removes
    /// the key.
    func updateResponses(forKey key: String, _ transform: ([CachedResponse]) -> [CachedResponse])

    /// Removes everything stored for `key`.
    func removeResponses(forKey key: String)

    /// Empties the store.
    func removeAll()
}
