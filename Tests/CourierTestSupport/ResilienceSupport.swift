import Clocks
import Courier
import Foundation
import HTTPTypes

// Helpers shared by the unit and integration tests: recorders, a held transport, and ways to wait for
// a condition or run a test clock out without sleeping.

/// A list that `@Sendable` closures append to.
///
/// `@unchecked Sendable`: `items` is only touched under `lock`.
public final class Recorded<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []

    public init() {}

    public func append(_ item: Element) {
        lock.withLock { items.append(item) }
    }

    public var all: [Element] {
        lock.withLock { items }
    }
}

/// A response with `status`, `headers` and a UTF-8 `body`, for stub transports.
public func stubResponse(_ status: Int, headers: HTTPFields = [:], body: String = "", for request: ClientRequest) -> ClientResponse {
    var head = HTTPResponse(status: HTTPResponse.Status(code: status))
    head.headerFields = headers
    return ClientResponse(head: head, body: ResponseBody(Data(body.utf8)), request: request)
}

extension TestClock<Duration> {
    /// Yields until some task sleeps on this clock, so that advancing it wakes that sleep.
    public func waitForSleeper() async {
        while (try? await checkSuspension()) != nil {
            await Task.yield()
        }
    }

    /// The time since `start`, for recording when each attempt happened.
    public func elapsed(since start: Instant) -> Duration {
        start.duration(to: now)
    }
}

/// A GET of `https://api.example.com/items`.
public func itemsRequest(_ method: HTTPRequest.Method = .get) throws -> ClientRequest {
    try ClientRequest(method, url: "https://api.example.com/items")
}

/// A flag set once, readable from any task.
public final class Flag: Sendable {
    private let set = Recorded<Bool>()

    public init() {}

    public func raise() { set.append(true) }

    public var isRaised: Bool { !set.all.isEmpty }
}

/// Runs `operation` while running `clock` out, sleep by sleep, until the operation is over: time jumps
/// straight to each deadline, so what the operation sees of the clock is exact and no test waits.
public func driving<T: Sendable>(_ clock: TestClock<Duration>, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let finished = Flag()
    let task = Task {
        defer { finished.raise() }
        return try await operation()
    }
    return try await withTaskCancellationHandler {
        // NOTE: stop when the test is cancelled (its time limit): `clock.run` returns at once in a
        // cancelled task, so looping on would spin a core and starve every other test.
        while !finished.isRaised, !Task.isCancelled {
            // The limit is only for sleeps that never end; a loaded machine may need far more than the
            // default half second of real time to run the clock out.
            await clock.run(timeout: .seconds(30))
            await Task.yield()
        }
        return try await task.value
    } onCancel: {
        task.cancel()
    }
}

/// A transport that holds every request until the test lets it answer, recording arrivals and the
/// requests whose task was cancelled while held.
///
/// `@unchecked Sendable`: `held`, `arrived` and `cancelled` are only touched under `lock`.
public final class HeldTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var held: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var arrived: [ClientRequest] = []
    private var cancelledIDs: [Int] = []
    private let answer: @Sendable (ClientRequest) throws -> ClientResponse

    public init(answer: @escaping @Sendable (ClientRequest) throws -> ClientResponse = { stubResponse(200, body: "ok", for: $0) }) {
        self.answer = answer
    }

    /// Every request that reached the transport, in order.
    public var requests: [ClientRequest] { lock.withLock { arrived } }
    /// How many requests wait to be answered.
    public var holding: Int { lock.withLock { held.count } }
    /// How many held requests were cancelled by their caller.
    public var cancellations: Int { lock.withLock { cancelledIDs.count } }

    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        let id = lock.withLock {
            arrived.append(request)
            return arrived.count
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { held.append((id, continuation)) }
            }
        } onCancel: {
            let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                cancelledIDs.append(id)
                guard let index = held.firstIndex(where: { $0.id == id }) else { return nil }
                return held.remove(at: index).continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
        return try answer(request)
    }

    /// Lets the oldest held request answer.
    public func releaseOne() {
        let continuation = lock.withLock { held.isEmpty ? nil : held.removeFirst().continuation }
        continuation?.resume()
    }

    /// Lets every held request answer.
    public func releaseAll() {
        let continuations = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            defer { held.removeAll() }
            return held.map(\.continuation)
        }
        continuations.forEach { $0.resume() }
    }
}

/// Waits until `condition` holds: a few yields first, then polls every millisecond, so that a waiter
/// never busy-spins the two cores that the server and the client under test need.
///
/// - Throws: ``ConditionNeverHeld`` after `limit` of real time (a test must end even when the condition
///   never comes true, for instance because a task it waits for is stuck in a detached `Task`), and
///   `CancellationError` when the waiting task is cancelled.
public func eventually(
    within limit: Duration = .seconds(30),
    _ condition: () async -> Bool,
    sourceLocation: String = #fileID, line: Int = #line
) async throws {
    let deadline = ContinuousClock.now.advanced(by: limit)
    var polls = 0
    while await !condition() {
        try Task.checkCancellation()
        guard ContinuousClock.now < deadline else { throw ConditionNeverHeld(location: "\(sourceLocation):\(line)") }
        polls += 1
        if polls < 100 {
            await Task.yield()
        } else {
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// The condition an ``eventually(within:_:sourceLocation:line:)`` waited for did not come true in time.
public struct ConditionNeverHeld: Error, CustomStringConvertible {
    public let location: String
    public var description: String { "the condition at \(location) never held" }
}

/// A gate that tasks wait at until the test opens it.
public actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Returns once the gate is open (at once if it already is).
    public func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate for everyone, now and later.
    public func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}

/// Adds one header field to every request: a layer whose effect a test can see at the server.
public struct StampHeader: Middleware {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        try request.setHeader(name, value)
        return try await next(request)
    }
}

extension Result where Failure == any Error {
    /// The ``NetworkError`` kind of a failure (a `CancellationError` counts as `.cancelled`), for assertions.
    public var failureKind: NetworkError.Kind? {
        guard case .failure(let error) = self else { return nil }
        return (error as? NetworkError)?.kind ?? (error is CancellationError ? .cancelled : nil)
    }
}
