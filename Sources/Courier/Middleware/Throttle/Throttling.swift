/// A ``Middleware`` that lets at most a set number of requests through at once, overall and per host;
/// the rest wait in line by ``RequestOptions/priority``. Add it with ``Client/throttled(maxConcurrent:perHost:)``,
/// or keep the value to read ``waiting`` and ``running``.
///
/// A slot is held from the moment the request passes until its response is over: read to the end,
/// failed, or dropped unread (a streamed download keeps its slot while it streams).
public struct Throttling: Middleware {
    private let queue: ThrottleQueue

    /// A throttle of `maxConcurrent` requests at once, and `perHost` per host when given.
    public init(maxConcurrent: Int, perHost: Int? = nil) {
        precondition(maxConcurrent > 0, "maxConcurrent must be positive")
        precondition(perHost.map { $0 > 0 } ?? true, "perHost must be positive")
        queue = ThrottleQueue(maxConcurrent: maxConcurrent, maxPerHost: perHost)
    }

    /// How many requests wait for a slot now.
    public var waiting: Int { queue.waiting }

    /// How many requests hold a slot now.
    public var running: Int { queue.running }

    public func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let host = request.head.authority ?? ""
        try await queue.acquire(host: host, priority: request.options.priority)
        guard !Task.isCancelled else {
            queue.release(host: host)
            throw CancellationError()
        }
        var response: ClientResponse
        do {
            response = try await next(request)
        } catch {
            queue.release(host: host)
            throw error
        }
        let queue = queue
        response.body = response.body.onFinish { queue.release(host: host) }
        return response
    }
}

extension Client {
    /// A client that sends at most `maxConcurrent` requests at once (and at most `perHost` to any one
    /// host); the others wait, without polling, highest ``RequestOptions/priority`` first and in arrival
    /// order within a priority. A waiter whose task is cancelled leaves the line at once and never
    /// reaches the server.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .throttled(maxConcurrent: 8, perHost: 4)
    ///
    /// var thumbnail = try ClientRequest(.get, url: "https://example.com/thumb/1.png")
    /// thumbnail.options.priority = .low
    /// ```
    ///
    /// A token refresh sent through the same throttle can wait behind requests that wait for it: send
    /// refresh calls through a client without this layer.
    public func throttled(maxConcurrent: Int, perHost: Int? = nil) -> Client {
        with(Throttling(maxConcurrent: maxConcurrent, perHost: perHost))
    }
}
