/// What a ``TestServer`` has seen: hits per path and clients that went away, with waiters for both;
/// requests in flight; the flaky routes' counts; the holds a test has released.
actor TestServerState {
    private var hits = PathCounter()
    private var disconnects = PathCounter()
    private var webSocketEnds = PathCounter()
    private var inFlight: [String: Int] = [:]
    private var maxInFlight: [String: Int] = [:]
    private var flakyCounts: [String: Int] = [:]
    private var released: Set<String> = []
    private var issuedTokens = 0
    private var cacheVersions: [String: Int] = [:]
    private var cacheSerials: [String: Int] = [:]
    private var cacheFailures: [String: Int] = [:]
    private var holders: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var resumableVersions: [String: Int] = [:]
    private var resumableCuts: [String: Int] = [:]
    private var resumableRanges: [String: String] = [:]

    /// The version of the resumable route's resource `key`, from 1.
    func resumableVersion(_ key: String) -> Int {
        resumableVersions[key, default: 1]
    }

    /// Makes a new version of the resumable resource `key`: other bytes, another validator.
    func changeResumable(_ key: String) -> Int {
        resumableVersions[key, default: 1] += 1
        return resumableVersions[key, default: 1]
    }

    /// How the resumable resource `key` answers ranges from now on, whatever its query says.
    func setResumableRanges(_ key: String, _ mode: String) {
        resumableRanges[key] = mode
    }

    /// The ranges mode set for the resumable resource `key`, if any.
    func resumableRanges(_ key: String) -> String? {
        resumableRanges[key]
    }

    /// Whether the next response for the resumable resource `key` is cut: the first `cuts` are.
    func takeResumableCut(_ key: String, cuts: Int) -> Bool {
        resumableCuts[key, default: 0] += 1
        return resumableCuts[key, default: 0] <= cuts
    }

    func enter(_ path: String) {
        inFlight[path, default: 0] += 1
        maxInFlight[path] = max(maxInFlight[path, default: 0], inFlight[path, default: 0])
    }

    func leave(_ path: String) {
        inFlight[path, default: 1] -= 1
    }

    func inFlight(_ path: String) -> Int {
        inFlight[path, default: 0]
    }

    func maxInFlight(_ path: String) -> Int {
        maxInFlight[path, default: 0]
    }

    /// Counts a hit on the flaky route `key` and returns its number, from 1.
    func nextFlakyAttempt(_ key: String) -> Int {
        flakyCounts[key, default: 0] += 1
        return flakyCounts[key, default: 0]
    }

    /// The version of the cache route's resource `key`, from 1.
    func cacheVersion(_ key: String) -> Int {
        cacheVersions[key, default: 1]
    }

    /// Makes a new version of `key` and returns it.
    func bumpCacheVersion(_ key: String) -> Int {
        cacheVersions[key, default: 1] += 1
        return cacheVersions[key, default: 1]
    }

    /// Counts a full answer for `key` and returns its number, from 1.
    func nextCacheSerial(_ key: String) -> Int {
        cacheSerials[key, default: 0] += 1
        return cacheSerials[key, default: 0]
    }

    func cacheFailure(_ key: String) -> Int? {
        cacheFailures[key]
    }

    func setCacheFailure(_ key: String, status: Int?) {
        cacheFailures[key] = status
    }

    /// Issues a new token, which from now on is the only one `/auth/protected` accepts.
    func issueToken() -> String {
        issuedTokens += 1
        return "token-\(issuedTokens)"
    }

    /// The token `/auth/protected` accepts: the last one issued.
    func validToken() -> String? {
        issuedTokens == 0 ? nil : "token-\(issuedTokens)"
    }

    /// Returns once `key` is released (at once if it already is).
    func hold(_ key: String) async {
        guard !released.contains(key) else { return }
        await withCheckedContinuation { holders[key, default: []].append($0) }
    }

    func release(_ key: String) {
        released.insert(key)
        for holder in holders.removeValue(forKey: key) ?? [] {
            holder.resume()
        }
    }

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

    func disconnectCount(_ path: String) -> Int {
        disconnects[path]
    }

    func waitForDisconnect(on path: String) async {
        await withCheckedContinuation { disconnects.wait(for: path, $0) }
    }

    func recordWebSocketEnd(_ path: String) {
        webSocketEnds.record(path)
    }

    func webSocketEndCount(_ path: String) -> Int {
        webSocketEnds[path]
    }

    func waitForWebSocketEnd(on path: String) async {
        await withCheckedContinuation { webSocketEnds.wait(for: path, $0) }
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
