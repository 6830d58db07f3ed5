import Foundation

/// A value read and changed only under a lock: the state machine of one subscription.
///
/// `@unchecked Sendable`: `value` is touched only inside `withLock`, under `lock`. (`Mutex` from the
/// Synchronization module would say this to the compiler, but needs macOS 15 and iOS 18.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// NOTE: never call a subscriber, resume a continuation or release a subscriber inside `body`: a
    /// subscriber may call back into the subscription (`request`, `cancel`) and the lock is not
    /// recursive. Take what is needed out of the lock and act on it after.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
