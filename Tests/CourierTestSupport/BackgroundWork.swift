import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs CPU-heavy synchronous work (loading a large OpenAPI document, mapping its schemas) on a thread of its own
/// at a low priority, and waits for it without holding a thread of Swift's cooperative pool.
///
/// On a two-core machine that pool has two threads; a test that computes on them for seconds stalls every other
/// suite running in parallel, and the suites on a test clock then hit their time limits. A low-priority thread
/// lets the rest of the suite keep the cores it needs.
public func runInBackground<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            #if canImport(Glibc)
            // On Linux the nice value belongs to the thread: `who == 0` lowers this thread only (setpriority(2), NOTES).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 15)
            #endif
            continuation.resume(with: Result { try work() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
