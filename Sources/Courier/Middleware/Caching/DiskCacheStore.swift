import Foundation

/// A ``CacheStore`` in one directory that survives a restart: one file per key, named by the SHA-256
/// of the key, written atomically (to a temporary file, then renamed), with a checksum.
///
/// A file that is truncated, corrupt, of another format or for another key is a miss, and is deleted;
/// it never crashes the app. When the directory holds more than ``maxBytes``, the least recently used
/// files (by modification date, which a read refreshes) are deleted.
///
/// The file reads and writes run one at a time on a dispatch queue of the store's own, so that they never
/// block the threads Swift's tasks share; the caller's task waits for them without holding a thread. The
/// records used last are also kept decoded in memory, within ``memoryBytes``: a hit on one of them reads
/// no file. So the directory belongs to one store (one process) at a time.
///
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let store = try DiskCacheStore(directory: caches.appendingPathComponent("api"))
/// let client = base.caching(in: store)
/// ```
public final class DiskCacheStore: CacheStore {
    /// The directory the files are in.
    public let directory: URL
    /// The byte budget for the directory's files.
    public let maxBytes: Int
    /// The bytes on disk, computed on first use; nil until then.
    private let usage = Locked<Int?>(nil)
    /// Where the file I/O runs: a serial queue, off the cooperative pool.
    private let files = DispatchQueue(label: "Courier.DiskCacheStore")
    /// The records used last, decoded.
    private let recent: RecentRecords

    /// The byte budget for the records kept decoded in memory.
    public var memoryBytes: Int { recent.budget }

    /// Creates the directory if needed.
    ///
    /// - Parameters:
    ///   - directory: where the files go; nothing else should be kept there.
    ///   - maxBytes: the budget, 100 MiB by default.
    ///   - memoryBytes: the budget for the records kept decoded in memory, 4 MiB by default; 0 reads every
    ///     hit from its file.
    public init(directory: URL, maxBytes: Int = 100 * 1024 * 1024, memoryBytes: Int = 4 * 1024 * 1024) throws {
        precondition(maxBytes >= 0 && memoryBytes >= 0, "maxBytes and memoryBytes must not be negative")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.maxBytes = maxBytes
        recent = RecentRecords(budget: memoryBytes)
    }

    /// The variants stored for `key`; reading one makes it the most recently used.
    public func responses(forKey key: String) async -> [CachedResponse] {
        let now = Date()
        if let (responses, touch) = recent.responses(forKey: key, at: now) {
            if touch { touchFile(for: key, at: now) }
            return responses
        }
        return await onFileQueue { [self] in
            let responses = usage.withLock { usage in read(key, usage: &usage) } ?? []
            recent.remember(responses, forKey: key, touched: now)
            return responses
        }
    }

    /// The first variant for `key` that `isMatch` accepts; reading one makes it the most recently used
    /// (a thread serving the same key again from its own copies of the record counts as one use in 64).
    public func response(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) async -> CachedResponse? {
        if let response = responseAtOnce(forKey: key, where: isMatch) { return response }
        return await responses(forKey: key).first(where: isMatch)
    }

    /// The first variant for `key` that `isMatch` accepts among the records kept in memory; `nil` when
    /// the record is not in memory (its file may still hold one).
    func responseAtOnce(forKey key: String, where isMatch: @Sendable (CachedResponse) -> Bool) -> CachedResponse? {
        // NOTE: no closure over `self` for the touch: it would count a reference to the store, which every
        // thread shares, on every hit (Benchmarks/load, the cache hit at c = 64).
        let (response, touch) = recent.responseAtOnce(forKey: key, where: isMatch)
        if let touch { touchFile(for: key, at: touch) }
        return response
    }

    /// Sets the file's modification date, the LRU order on disk, on the store's queue; nobody waits for it.
    private func touchFile(for key: String, at now: Date) {
        files.async { [self] in
            try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file(for: key).path)
        }
    }

    /// Replaces the variants for `key` under the store's lock, then evicts to stay within the budget.
    public func updateResponses(forKey key: String, _ transform: @escaping @Sendable ([CachedResponse]) -> [CachedResponse]) async {
        await onFileQueue { [self] in update(key, transform) }
    }

    private func update(_ key: String, _ transform: ([CachedResponse]) -> [CachedResponse]) {
        usage.withLock { usage in
            var total = usage ?? measure()
            let file = file(for: key)
            total -= size(of: file)
            var counted: Int? = nil  // the file's size is already out of `total`
            let updated = transform(recent.responses(forKey: key, at: .distantPast)?.responses ?? read(key, usage: &counted) ?? [])
            if updated.isEmpty {
                try? FileManager.default.removeItem(at: file)
            } else if let data = try? DiskCacheFile.encode(DiskCacheFile.Record(key: key, responses: updated)),
                      data.count <= maxBytes {
                if (try? data.write(to: file, options: .atomic)) != nil {
                    total += data.count
                }
            } else {
                try? FileManager.default.removeItem(at: file)
            }
            if total > maxBytes {
                total = evict(toFit: maxBytes, keeping: file)
            }
            usage = total
            recent.remember(FileManager.default.fileExists(atPath: file.path) ? updated : [], forKey: key, touched: Date())
        }
    }

    /// Removes everything stored for `key`.
    public func removeResponses(forKey key: String) async {
        await onFileQueue { [self] in remove(key) }
    }

    private func remove(_ key: String) {
        recent.forget(key)
        usage.withLock { usage in
            let file = file(for: key)
            let size = size(of: file)
            if (try? FileManager.default.removeItem(at: file)) != nil, let current = usage {
                usage = current - size
            }
        }
    }

    /// Empties the store.
    public func removeAll() async {
        await onFileQueue { [self] in
            usage.withLock { usage in
                for file in cacheFiles() { try? FileManager.default.removeItem(at: file) }
                usage = 0
                recent.forgetAll()
            }
        }
    }

    /// Runs `work` on the store's queue and waits for it without blocking a thread of the caller's.
    private func onFileQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            files.async { continuation.resume(returning: work()) }
        }
    }

    // MARK: Files (called on the queue, with the lock held)

    private func file(for key: String) -> URL {
        directory.appendingPathComponent(SHA256.hex(of: key) + DiskCacheFile.pathExtension)
    }

    /// The record for `key`, `nil` if there is none; an unreadable file is deleted, and its bytes
    /// no longer counted.
    private func read(_ key: String, usage: inout Int?) -> [CachedResponse]? {
        let file = file(for: key)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let record = DiskCacheFile.decode(data), record.key == key else {
            if (try? FileManager.default.removeItem(at: file)) != nil, let current = usage {
                usage = max(0, current - data.count)
            }
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return record.responses
    }

    private func cacheFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(DiskCacheFile.pathExtension) }.map { directory.appendingPathComponent($0) }
    }

    private func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private func measure() -> Int {
        cacheFiles().reduce(0) { $0 + size(of: $1) }
    }

    /// Deletes the least recently used files until the rest fit in `budget`; returns what is left.
    private func evict(toFit budget: Int, keeping kept: URL) -> Int {
        let entries = cacheFiles().map { file -> (URL, Int, Date) in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            return (file, size, attributes?[.modificationDate] as? Date ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.1 }
        for (file, size, _) in entries.sorted(by: { $0.2 < $1.2 }) where total > budget && file != kept {
            if (try? FileManager.default.removeItem(at: file)) != nil { total -= size }
        }
        return total
    }
}
