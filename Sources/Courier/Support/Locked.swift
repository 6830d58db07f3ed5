import Foundation

/// A value that is read and changed only under a lock: the shared state of one middleware (a queue of
/// waiters, a table of transfers in flight, a circuit per host), or of a Combine subscription.
/// `package`: the package's other modules use it too; it is not part of the public API.
///
/// `@unchecked Sendable`: `value` is touched only inside `withLock`, under `lock`. (`Mutex` from the
/// Synchronization module would say this to the compiler, but needs macOS 15 and iOS 18.)
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. The lock is not recursive: never suspend, resume
    /// a continuation or call out (a Combine subscriber may call back in) inside; collect what to do
    /// and do it after the lock is released.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
