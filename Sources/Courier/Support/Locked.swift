import Foundation

/// A value that is read and changed only under a lock: the shared state of one middleware (a queue of
/// waiters, a table of transfers in flight, a circuit per host).
///
/// `@unchecked Sendable`: `value` is touched only inside `withLock`, under `lock`. (`Mutex` from the
/// Synchronization module would say this to the compiler, but needs macOS 15 and iOS 18.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Never suspend or resume a continuation inside:
    /// collect what to resume and do it after the lock is released.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
