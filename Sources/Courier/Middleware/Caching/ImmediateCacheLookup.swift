/// A ``CacheStore`` that can find a stored response without suspending, when it has it at hand.
///
/// NOTE: internal: it lets the cache serve a fresh hit as a plain function call
/// (``ImmediateMiddleware``). The store's `async` requirements stay the one public contract: a store that
/// must read a file answers `nil` here and the cache asks again through them.
protocol ImmediateCacheLookup: CacheStore {
    /// The first variant stored for `key` that `isMatch` accepts, when the store can tell at once; `nil`
    /// when it has none at hand (a store with files may still have one).
    func responseAtOnce(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) -> CachedResponse?
}

/// A store's ``ImmediateCacheLookup/responseAtOnce(forKey:where:)``.
typealias ImmediateCacheLookUp = @Sendable (_ key: String, _ isMatch: @Sendable (CachedResponse) -> Bool) -> CachedResponse?

/// `store`'s lookup without suspending, when it has one.
///
/// NOTE: a closure over the concrete store, not an `any ImmediateCacheLookup`: each use of the existential
/// copied it, counting references to the one store every thread shares (Benchmarks/load, the cache hit at
/// c = 64).
func immediateLookUp(in store: any CacheStore) -> ImmediateCacheLookUp? {
    guard let store = store as? any ImmediateCacheLookup else { return nil }
    return lookUp(in: store)
}

private func lookUp(in store: some ImmediateCacheLookup) -> ImmediateCacheLookUp {
    { key, isMatch in store.responseAtOnce(forKey: key, where: isMatch) }
}

extension DiskCacheStore: ImmediateCacheLookup {}
