/// What a ``TestServer`` has seen: hits per path and clients that went away, with waiters for both.
actor TestServerState {
    private var hits = PathCounter()
    private var disconnects = PathCounter()

    func recordHit(_ path: String) {
        hits.record(path)
    }

    func hits(_ path: String) -> Int {
        hits[path]
    }

    func totalHits() -> Int {
        hits.total
    }

    func waitForHit(on path: String) async {
        await withCheckedContinuation { hits.wait(for: path, $0) }
    }

    func recordDisconnect(_ path: String) {
        disconnects.record(path)
    }

    func waitForDisconnect(on path: String) async {
        await withCheckedContinuation { disconnects.wait(for: path, $0) }
    }
}

/// Counts events per path and wakes whoever waits for the first one on a path.
private struct PathCounter {
    private var counts: [String: Int] = [:]
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    subscript(path: String) -> Int {
        counts[path, default: 0]
    }

    var total: Int {
        counts.values.reduce(0, +)
    }

    mutating func record(_ path: String) {
        counts[path, default: 0] += 1
        for waiter in waiters.removeValue(forKey: path) ?? [] {
            waiter.resume()
        }
    }

    /// Resumes `waiter` now if `path` has been seen, else on its first event.
    mutating func wait(for path: String, _ waiter: CheckedContinuation<Void, Never>) {
        if counts[path, default: 0] > 0 {
            waiter.resume()
        } else {
            waiters[path, default: []].append(waiter)
        }
    }
}
