/// What a ``TestServer`` has seen: hits per path and clients that went away, with waiters for the latter.
actor TestServerState {
    private var hitsByPath: [String: Int] = [:]
    private var disconnects: [String: Int] = [:]
    private var disconnectWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var hitWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    func recordHit(_ path: String) {
        hitsByPath[path, default: 0] += 1
        for waiter in hitWaiters.removeValue(forKey: path) ?? [] {
            waiter.resume()
        }
    }

    func waitForHit(on path: String) async {
        guard hitsByPath[path, default: 0] == 0 else { return }
        await withCheckedContinuation { continuation in
            hitWaiters[path, default: []].append(continuation)
        }
    }

    func hits(_ path: String) -> Int {
        hitsByPath[path, default: 0]
    }

    func totalHits() -> Int {
        hitsByPath.values.reduce(0, +)
    }

    func recordDisconnect(_ path: String) {
        disconnects[path, default: 0] += 1
        for waiter in disconnectWaiters.removeValue(forKey: path) ?? [] {
            waiter.resume()
        }
    }

    func waitForDisconnect(on path: String) async {
        guard disconnects[path, default: 0] == 0 else { return }
        await withCheckedContinuation { continuation in
            disconnectWaiters[path, default: []].append(continuation)
        }
    }
}
