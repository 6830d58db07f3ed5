#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that is read and changed only under a lock: the shared state of one middleware (a queue of
/// waiters, a table of transfers in flight, a circuit per host), or of a Combine subscription.
/// `package`: the package's other modules use it too; it is not part of the public API.
///
/// A copy shares the value and the lock: it is a reference to them, as a class would be.
///
/// NOTE: one allocation holding the value and the mutex (`ManagedBuffer`), not an object holding an `NSLock`
/// that holds a mutex of its own (three): bodies, flags and watches make one per request, and allocations were
/// most of what a layer cost per request (Benchmarks/load, `courier-stub`; BENCHMARKS.md, issue #36).
///
/// `@unchecked Sendable`: the value is touched only inside `withLock`, under the mutex. (`Mutex` from the
/// Synchronization module would say this to the compiler, but needs macOS 15 and iOS 18.)
package struct Locked<Value>: @unchecked Sendable {
    private let storage: Storage

    package init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value. The lock is not recursive: never suspend, resume
    /// a continuation or call out (a Combine subscriber may call back in) inside; collect what to do
    /// and do it after the lock is released.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withLock(body)
    }

    /// The value as the header, the mutex as the one element: both in the object's own memory, where the
    /// mutex stays put for the object's life.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        static func make(_ value: Value) -> Storage {
            let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                let status = pthread_mutex_init(mutex, nil)
                precondition(status == 0, "pthread_mutex_init failed: \(status)")
            }
            return storage
        }

        func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
            try withUnsafeMutablePointers { value, mutex in
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return try body(&value.pointee)
            }
        }

        deinit {
            // The header (the value) is destroyed by `ManagedBuffer`; the element is ours.
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}
