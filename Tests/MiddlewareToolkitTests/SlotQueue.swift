import Courier
import Foundation

/// At most `limit` holders at a time, the others waiting in arrival order: the state of ``Throttle``.
///
/// `@unchecked Sendable`: every stored property but `limit` (a constant) is read and written only while
/// `lock` is held, and no continuation is resumed under it. (`Mutex` would say this to the compiler, but
/// needs macOS 15; the package supports macOS 14.)
final class SlotQueue: @unchecked Sendable {
    private let lock = NSLock()
    let limit: Int
    private var holders = 0
    private var nextID: UInt64 = 0
    private var order: [UInt64] = []
    private var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    /// Callers between taking an id and being admitted or queued.
    private var arriving: Set<UInt64> = []
    /// Arriving callers whose cancellation came first: `acquire` turns them away.
    private var cancelledEarly: Set<UInt64> = []

    init(limit: Int) {
        precondition(limit >= 1, "a throttle lets at least one request through")
        self.limit = limit
    }

    /// How many hold a slot now.
    var inFlight: Int { lock.withLock { holders } }

    /// How many wait for a slot now.
    var waiting: Int { lock.withLock { waiters.count } }

    /// Returns once the caller holds a slot; throws `CancellationError` if its task is cancelled first.
    func acquire() async throws {
        let id: UInt64 = lock.withLock {
            nextID += 1
            arriving.insert(nextID)
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Arrival { case admitted, queued, cancelled }
                let arrival: Arrival = lock.withLock {
                    arriving.remove(id)
                    if cancelledEarly.remove(id) != nil { return .cancelled }
                    if holders < limit {
                        holders += 1
                        return .admitted
                    }
                    order.append(id)
                    waiters[id] = continuation
                    return .queued
                }
                switch arrival {
                case .admitted: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .queued: break
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Void, any Error>? = lock.withLock {
                // Cancelled before it was admitted or queued: it is turned away when it arrives.
                if arriving.contains(id) {
                    cancelledEarly.insert(id)
                    return nil
                }
                // Already admitted: it holds its slot until its response is over.
                guard let waiter = waiters.removeValue(forKey: id) else { return nil }
                order.removeAll { $0 == id }
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives the caller's slot to the first waiter, or frees it.
    func release() {
        let next: CheckedContinuation<Void, any Error>? = lock.withLock {
            guard !order.isEmpty else {
                holders -= 1
                return nil
            }
            return waiters.removeValue(forKey: order.removeFirst())
        }
        next?.resume()
    }
}
