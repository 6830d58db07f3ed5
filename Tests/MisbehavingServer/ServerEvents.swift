import Foundation

/// What a ``MisbehavingServer`` saw: requests and their bodies, closes and bytes sent, per path.
///
/// `@unchecked Sendable`: all state is touched under `lock`.
final class ServerEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var requestCounts: [String: Int] = [:]
    private var receivedRequests: [String: [MisbehavingServer.ReceivedRequest]] = [:]
    private var closes: [String: Int] = [:]
    private var sent: [String: Int] = [:]
    private var open = 0
    private var closeWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    func recordRequest(_ path: String) {
        lock.withLock { requestCounts[path, default: 0] += 1 }
    }

    func recordReceived(_ request: MisbehavingServer.ReceivedRequest) {
        lock.withLock { receivedRequests[request.path, default: []].append(request) }
    }

    func recordSent(_ path: String, bytes: Int) {
        lock.withLock { sent[path, default: 0] += bytes }
    }

    func requests(_ path: String) -> Int {
        lock.withLock { requestCounts[path, default: 0] }
    }

    func received(_ path: String) -> [MisbehavingServer.ReceivedRequest] {
        lock.withLock { receivedRequests[path, default: []] }
    }

    func allReceived() -> [MisbehavingServer.ReceivedRequest] {
        lock.withLock { receivedRequests.values.flatMap { $0 } }
    }

    func bytesSent(_ path: String) -> Int {
        lock.withLock { sent[path, default: 0] }
    }

    func closes(_ path: String) -> Int {
        lock.withLock { closes[path, default: 0] }
    }

    var openConnections: Int {
        lock.withLock { open }
    }

    func connectionOpened() {
        lock.withLock { open += 1 }
    }

    func connectionClosed() {
        lock.withLock { open -= 1 }
    }

    func recordClose(_ path: String) {
        let waiters = lock.withLock {
            closes[path, default: 0] += 1
            return closeWaiters.removeValue(forKey: path) ?? []
        }
        waiters.forEach { $0.resume() }
    }

    func waitForClose(_ path: String) async {
        await withCheckedContinuation { continuation in
            let already = lock.withLock {
                if closes[path, default: 0] > 0 { return true }
                closeWaiters[path, default: []].append(continuation)
                return false
            }
            if already { continuation.resume() }
        }
    }
}
