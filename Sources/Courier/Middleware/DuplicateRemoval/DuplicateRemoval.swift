import Foundation
import HTTPTypes

/// A ``Middleware`` that lets identical requests in flight at the same time share one transfer. Add it
/// with ``Client/removingDuplicates(methods:)``, or keep the value to read ``inFlight`` and ``waiting``.
///
/// Requests are identical when their method, URL, header fields (the credential included), in-memory
/// body and ``RequestOptions/maxResponseBodySize`` are; a request with a streamed or file body is never
/// shared. The response body is read whole (within that limit) and every caller gets its own copy. The
/// shared transfer carries no caller's ``RequestOptions/deadline``: a caller whose own deadline passes
/// stops waiting, and the others go on.
///
/// The transfer runs in a task of its own: a caller that is cancelled leaves without disturbing the
/// others, and the transfer is cancelled only when every caller has gone. An error reaches every caller.
public struct DuplicateRemoval: Middleware {
    /// The method, scheme, authority, path and header fields, the body, and the body limit.
    ///
    /// Its hash is computed once: each request's key is looked up, stored and removed, and hashing every
    /// header field each time was a measurable part of this layer's cost (Benchmarks/load).
    private struct Key: Hashable {
        let head: HTTPRequest
        let body: Data?
        let maxResponseBodySize: Int
        private let hash: Int

        init(head: HTTPRequest, body: Data?, maxResponseBodySize: Int) {
            self.head = head
            self.body = body
            self.maxResponseBodySize = maxResponseBodySize
            var hasher = Hasher()
            hasher.combine(head)
            hasher.combine(body)
            hasher.combine(maxResponseBodySize)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.maxResponseBodySize == rhs.maxResponseBodySize && lhs.body == rhs.body && lhs.head == rhs.head
        }
    }

    private struct Flight {
        let id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<ClientResponse, any Error>] = [:]
    }

    /// NOTE: a caller's cancellation can come before its continuation is in the table. `send` takes an
    /// id and marks it `arriving` before it suspends; `withTaskCancellationHandler` runs `leave` at once
    /// when the task is already cancelled, or concurrently, on another thread, while `join` has not yet
    /// taken the lock. `leave` then finds no waiter to remove, so it records the id in
    /// `cancelledOnArrival`, and `join`, which always clears `arriving` first, resumes that caller with
    /// `CancellationError` instead of registering it. Without the two sets such a cancellation is lost:
    /// the caller would wait for the whole transfer, and a flight whose only caller had gone would never
    /// be cancelled. Both sets hold an id only between `send` and `join`, so they stay small.
    private struct State {
        var flights: [Key: Flight] = [:]
        var nextID: UInt64 = 0
        /// Callers between taking an id and registering in `join`.
        var arriving: Set<UInt64> = []
        /// Arriving callers whose cancellation came first: `join` turns them away.
        var cancelledOnArrival: Set<UInt64> = []
    }

    private let methods: Set<HTTPRequest.Method>
    private let table = Locked(State())

    /// Shares transfers of requests with one of `methods`: GET and HEAD unless told otherwise.
    public init(methods: Set<HTTPRequest.Method> = [.get, .head]) {
        self.methods = methods
    }

    /// How many distinct transfers are shared now.
    public var inFlight: Int {
        table.withLock { $0.flights.count }
    }

    /// How many callers wait for a shared transfer now.
    public var waiting: Int {
        table.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } }
    }

    public func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard methods.contains(request.method), let key = key(for: request) else {
            return try await next(request)
        }
        try Task.checkCancellation()
        let id = table.withLock { state in
            state.nextID += 1
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(key: key, id: id, continuation: continuation, request: request, next: next)
            }
        } onCancel: {
            leave(key: key, id: id)
        }
    }

    private func join(key: Key, id: UInt64, continuation: CheckedContinuation<ClientResponse, any Error>, request: ClientRequest, next: Next) {
        enum Arrival {
            case cancelled, joined
            case leads(flightID: UInt64)
        }
        let arrival = table.withLock { state -> Arrival in
            state.arriving.remove(id)
            if state.cancelledOnArrival.remove(id) != nil { return .cancelled }
            if state.flights[key] != nil {
                state.flights[key]?.waiters[id] = continuation
                return .joined
            }
            state.nextID += 1
            var flight = Flight(id: state.nextID)
            flight.waiters[id] = continuation
            state.flights[key] = flight
            return .leads(flightID: flight.id)
        }
        switch arrival {
        case .cancelled:
            continuation.resume(throwing: CancellationError())
        case .joined:
            break
        case .leads(let flightID):
            // NOTE: the transfer starts at once on this thread (`Task.immediate`), outside the lock, and
            // hops only where it suspends: a task of its own keeps it safe from any one caller's
            // cancellation, and starting it in place saves a thread hop per request (Benchmarks/load). A new
            // task does not inherit the caller's executor preference: it is passed on, so that the
            // transfer stays on the transport's thread.
            let task: Task<Void, Never>
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) {
                task = Task.immediate(executorPreference: PreferredExecutor.current) { [table] in
                    await Self.transfer(Self.shared(request), key: key, flightID: flightID, table: table, next: next)
                }
            } else {
                task = Task { [table] in
                    await Self.transfer(Self.shared(request), key: key, flightID: flightID, table: table, next: next)
                }
            }
            let orphaned = table.withLock { state -> Bool in
                guard state.flights[key]?.id == flightID else { return true }
                state.flights[key]?.task = task
                return false
            }
            // Every caller left before the task was stored (or it is already over): stop it.
            if orphaned { task.cancel() }
        }
    }

    /// Sends the shared request, reads its body whole, and hands the result to every caller still waiting.
    private static func transfer(_ shared: ClientRequest, key: Key, flightID: UInt64, table: Locked<State>, next: Next) async {
        let result: Result<ClientResponse, any Error>
        do {
            var response = try await next(shared)
            let data = try await response.body.collect(upTo: shared.options.maxResponseBodySize)
            response.body = ResponseBody(data)
            result = .success(response)
        } catch {
            result = .failure(error)
        }
        let waiters = table.withLock { state -> [CheckedContinuation<ClientResponse, any Error>] in
            guard state.flights[key]?.id == flightID else { return [] }
            return state.flights.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
        }
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }

    private func leave(key: Key, id: UInt64) {
        let (waiter, orphaned) = table.withLock { state -> (CheckedContinuation<ClientResponse, any Error>?, Task<Void, Never>?) in
            if state.arriving.contains(id) {
                state.cancelledOnArrival.insert(id)
                return (nil, nil)
            }
            guard let waiter = state.flights[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
            guard state.flights[key]?.waiters.isEmpty == true else { return (waiter, nil) }
            return (waiter, state.flights.removeValue(forKey: key)?.task)
        }
        orphaned?.cancel()
        waiter?.resume(throwing: CancellationError())
    }

    /// The request the shared transfer sends: without the first caller's deadline (and the transport
    /// timeout derived from it), which belongs to that caller alone. Each caller's own deadline still
    /// ends its own wait, and the transfer stops when the last caller has gone.
    private static func shared(_ request: ClientRequest) -> ClientRequest {
        guard request.options.deadline != nil else { return request }
        var shared = request
        shared.options.deadline = nil
        shared.options.timeout = nil
        return shared
    }

    private func key(for request: ClientRequest) -> Key? {
        // A WebSocket is one caller's connection: two openings are never one.
        guard request.options.webSocket == nil else { return nil }
        let body: Data?
        switch request.body.storage {
        case .empty: body = nil
        case .bytes(let data): body = data
        case .stream, .file: return nil
        }
        return Key(head: request.head, body: body, maxResponseBodySize: request.options.maxResponseBodySize)
    }
}

extension Client {
    /// A client where identical requests in flight at the same time share one transfer and all receive
    /// its response: the 20 views that ask for the same avatar at launch cost one request.
    ///
    /// See ``DuplicateRemoval`` for what counts as identical; POST and requests with different
    /// credentials are never shared.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .removingDuplicates()
    /// ```
    public func removingDuplicates(methods: Set<HTTPRequest.Method> = [.get, .head]) -> Client {
        with(DuplicateRemoval(methods: methods))
    }
}
