#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// An object of each thread's own, made on the thread's first use and released when the thread ends.
///
/// For state that every thread may keep a copy of, so that threads never write to memory another
/// thread reads: a value shared between cores bounces between their caches at every write, and even
/// counting references to it is a write (see `ServedCopies`). Use it only from synchronous code: a task
/// may resume on another thread after any `await`.
final class PerThread<Value: AnyObject>: Sendable {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    private let key: pthread_key_t
    #endif
    private let make: @Sendable () -> Value

    /// Keys are a scarce resource of the process (at least 128 of them): make one per purpose, as a
    /// `static let`, never one per value.
    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { pointer in
            // The thread is ending: let go of its object.
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(created == 0, "pthread_key_create failed (\(created)): the process has no thread-specific keys left")
        self.key = key
        #endif
    }

    /// `body` of the calling thread's object.
    ///
    /// NOTE: the object is lent to `body` without counting a reference to it: the thread's key holds one
    /// for the thread's life, and each count would be two atomic writes per use (Benchmarks/load, the cache hit).
    func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        // The key only ever holds a `Value` set here: no cast is needed to read it back.
        if let pointer = pthread_getspecific(key) {
            return try Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return try body(value)
        #else
        return try body(make())
        #endif
    }
}

/// Unused bytes that keep the fields after them off the cache lines of the memory before them: a
/// thread's own object (`PerThread`) must not share a line with another thread's, or each thread's writes
/// make the other's next read a miss.
struct CacheLinePadding {
    private let bytes: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
