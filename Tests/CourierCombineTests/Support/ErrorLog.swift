import Courier
import Foundation

/// The errors some work ended with, recorded from whatever task ran it, so a test can await the first
/// one: how a test sees that a cancelled subscription cancelled the request itself.
final class ErrorLog: @unchecked Sendable {
    // `@unchecked Sendable`: `errors` and `waiters` are touched only under `lock`.
    private let lock = NSLock()
    private var errors: [any Error] = []
    private var waiters: [CheckedContinuation<any Error, Never>] = []

    /// Runs `work`, recording the error it throws, if any, before passing it on.
    func recording<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch {
            record(error)
            throw error
        }
    }

    /// The first error recorded, once there is one. Give the calling test a time limit.
    func first() async -> any Error {
        await withCheckedContinuation { continuation in
            lock.lock()
            let first = errors.first
            if first == nil { waiters.append(continuation) }
            lock.unlock()
            if let first { continuation.resume(returning: first) }
        }
    }

    private func record(_ error: any Error) {
        lock.lock()
        errors.append(error)
        let ready = waiters
        waiters.removeAll()
        lock.unlock()
        for waiter in ready { waiter.resume(returning: error) }
    }
}
