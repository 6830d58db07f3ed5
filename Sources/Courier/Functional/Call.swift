/// A lazy, re-runnable description of asynchronous work: nothing happens until it is run, and running it
/// twice does the work twice.
///
/// A `Call` is a value. Building one sends nothing, so calls can be stored, passed around, combined with
/// ``map(_:)``, ``flatMap(_:)``, ``zip(_:)->Call<(V)>`` or ``retry(_:clock:isRetryable:)``, and run later, as often as
/// needed — the way FunNetworking's `Deferred` and Bow's `IO` describe effects. Any `async throws` work
/// can be a call (a request, a file read, a database query), and any ``Endpoint`` becomes one for a
/// client with ``Endpoint/call(on:)``:
///
/// ```swift
/// let articles = Endpoint<[Article]>(path: "/articles").call(on: client)
///     .retry(.exponential(base: .milliseconds(200), maxAttempts: 3))
///     .timeout(after: .seconds(5))
/// let first = try await articles.run()      // one request (or its retries)
/// let again = try await articles.run()      // the same work, done again
/// ```
///
/// Plain `async` code needs none of this: `try await client.send(endpoint)` is the same request. Use a
/// call where work is assembled in one place and run in another.
public struct Call<Value: Sendable>: Sendable {
    private let work: @Sendable () async throws -> Value

    /// A call that runs `work` each time it is run.
    public init(_ work: @escaping @Sendable () async throws -> Value) {
        self.work = work
    }

    /// A call that returns `value` without doing anything.
    public static func value(_ value: Value) -> Call {
        Call { value }
    }

    /// A call that fails with `error` without doing anything.
    public static func failure(_ error: any Error) -> Call {
        Call { throw error }
    }

    /// Does the work, in the calling task: cancelling that task cancels the work.
    ///
    /// - Throws: whatever the work throws.
    public func run() async throws -> Value {
        try await work()
    }

    /// Does the work and returns its outcome as a `Result` instead of throwing.
    public func result() async -> Result<Value, any Error> {
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }
}
