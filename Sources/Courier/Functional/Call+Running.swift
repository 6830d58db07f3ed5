import Foundation

extension Call {
    /// Runs the call in a new task and hands its outcome to `completion`, for code that is not
    /// `async`; the handle cancels it.
    ///
    /// ```swift
    /// let handle = articles.start { result in
    ///     DispatchQueue.main.async { self.show(result) }
    /// }
    /// // later, when the screen goes away:
    /// handle.cancel()
    /// ```
    ///
    /// `completion` is called exactly once, on an unspecified thread; after ``CallHandle/cancel()`` it
    /// gets the cancellation error.
    @discardableResult
    public func start(_ completion: @escaping @Sendable (Result<Value, any Error>) -> Void) -> CallHandle {
        let task = Task { completion(await self.result()) }
        return CallHandle { task.cancel() }
    }

    /// Runs the call and blocks the current thread until it has finished: for scripts and command-line
    /// tools (FunNetworking's `unsafeRun()`).
    ///
    /// - Warning: never call this from `async` code or from a thread the Swift concurrency pool runs
    ///   on: the blocked thread may be the one the work needs, and the program then hangs. In `async`
    ///   code use ``run()``. Nor from the main thread when the work needs the main actor or the main
    ///   dispatch queue: the work waits for the thread this call blocks.
    /// - Throws: whatever the work throws.
    public func unsafeRun() throws -> Value {
        let outcome = Locked<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await self.result()
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}

/// Cancels a call started with ``Call/start(_:)``.
public struct CallHandle: Sendable {
    private let cancellation: @Sendable () -> Void

    init(_ cancellation: @escaping @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    /// Cancels the call; its completion receives the cancellation error (unless it had already
    /// finished).
    public func cancel() {
        cancellation()
    }
}
