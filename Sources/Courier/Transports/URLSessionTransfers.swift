import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of a ``URLSessionTransport``: it collects each task's response and bytes,
/// enforces the body limit while bytes arrive, refuses every redirect, and resumes the waiting caller
/// exactly once.
///
/// `@unchecked Sendable`: URLSession calls the delegate on its own queue while callers register tasks
/// from any thread; every access to `transfers` goes through `lock`, and the other stored state is
/// immutable.
final class URLSessionTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Continuation = CheckedContinuation<(HTTPURLResponse, Data), any Error>

    /// One task in flight.
    private final class Transfer {
        let continuation: Continuation
        let limit: Int
        var response: HTTPURLResponse?
        var data = Data()

        init(continuation: Continuation, limit: Int) {
            self.continuation = continuation
            self.limit = limit
        }
    }

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    /// Registers `task` and starts it; `continuation` is resumed when it ends, or with `timedOut` when
    /// `deadline` passes first.
    func start(_ task: URLSessionDataTask, limit: Int, deadline: Duration?, continuation: Continuation) {
        lock.withLock { transfers[task.taskIdentifier] = Transfer(continuation: continuation, limit: limit) }
        if let deadline {
            // NOTE: libcurl-based URLSession truncates `timeoutInterval` to whole seconds (300 ms fires at
            // once), so the exact deadline is kept here; the transfer that finishes first wins `take`.
            let nanoseconds = Int(deadline.components.seconds) * 1_000_000_000 + Int(deadline.components.attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
                guard let transfer = self?.take(task) else { return }
                task.cancel()
                transfer.continuation.resume(throwing: NetworkError(
                    .timedOut,
                    message: "no complete response within \(deadline); the transfer was stopped."
                ))
            }
        }
        task.resume()
    }

    /// Removes the transfer for `task`, so that whoever gets it resumes its continuation, once.
    private func take(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers.removeValue(forKey: task.taskIdentifier) }
    }

    private func failTooLarge(_ task: URLSessionTask, limit: Int, seen: String) {
        guard let transfer = take(task) else { return }
        task.cancel()
        transfer.continuation.resume(throwing: NetworkError(
            .bodyTooLarge,
            message: "the response body \(seen), more than the limit of \(limit) bytes; the transfer was stopped."
        ))
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let transfer = lock.withLock { transfers[dataTask.taskIdentifier] }
        guard let transfer else { return completionHandler(.cancel) }
        if response.expectedContentLength > transfer.limit {
            completionHandler(.cancel)
            return failTooLarge(dataTask, limit: transfer.limit, seen: "announces \(response.expectedContentLength) bytes")
        }
        lock.withLock { transfer.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit: Int? = lock.withLock {
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            transfer.data.append(data)
            return transfer.data.count > transfer.limit ? transfer.limit : nil
        }
        if let limit = overLimit {
            failTooLarge(dataTask, limit: limit, seen: "passed \(limit) bytes")
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = take(task) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = transfer.response ?? task.response as? HTTPURLResponse {
            transfer.continuation.resume(returning: (response, transfer.data))
        } else {
            transfer.continuation.resume(throwing: NetworkError(.invalidResponse, message: "the server sent no HTTP response."))
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // NOTE: nil makes URLSession deliver the 3xx itself; Courier's redirect middleware decides.
        completionHandler(nil)
    }
}
