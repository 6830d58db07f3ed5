/// Where ``Client/caching(in:configuration:clock:)`` keeps responses: a table from a key (the method
/// and URL) to the variants stored for it.
///
/// The calls are `async` so that a store may do its work where it belongs: ``DiskCacheStore`` reads and
/// writes its files on a thread of its own, never on the tasks' cooperative threads. A store that needs no
/// I/O implements them as plain synchronous methods (``MemoryCacheStore`` does): a cache hit then never
/// suspends.
///
/// The cache awaits a store's write before it hands the end of a response's body to its reader, so a
/// response is stored by the time its body has been read, and the next request finds it.
///
/// Implementations must be safe to call from many tasks at once, and ``updateResponses(forKey:_:)``
/// must be atomic for its key.
///
/// Courier has two: ``MemoryCacheStore`` (least recently used out first, within a byte budget) and
/// ``DiskCacheStore`` (one directory, survives a restart).
public protocol CacheStore: Sendable {
    /// The variants stored for `key`; empty when there are none.
    func responses(forKey key: String) async -> [CachedResponse]
    /// The first variant stored for `key` that `isMatch` accepts, `nil` when none does: what a cache
    /// hit asks. `isMatch` is quick and never calls the store.
    ///
    /// A default implementation takes the first of ``responses(forKey:)``; ``MemoryCacheStore`` picks it
    /// under its lock without handing out the array of variants.
    func response(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) async -> CachedResponse?

    /// Replaces the variants for `key` with `transform` of them, atomically; an empty result removes
    /// the key.
    func updateResponses(forKey key: String, _ transform: @escaping @Sendable ([CachedResponse]) -> [CachedResponse]) async

    /// Removes everything stored for `key`.
    func removeResponses(forKey key: String) async

    /// Empties the store.
    func removeAll() async
}

extension CacheStore {
    /// The first of ``responses(forKey:)`` that `isMatch` accepts.
    public func response(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) async -> CachedResponse? {
        await responses(forKey: key).first(where: isMatch)
    }
}
