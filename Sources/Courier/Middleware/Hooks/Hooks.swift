/// A step that runs before a request is sent: it returns the request to send (changed or not), or
/// throws to abort. The error reaches the caller unchanged as the ``NetworkError/underlying`` error of a
/// ``NetworkError/Kind/middlewareFailed(layer:)`` naming the hooks' layer
/// (``Client/send(_:)-(ClientRequest)`` always throws a ``NetworkError``; one thrown by a hook is passed on as it is).
public struct PreRequestHook: Sendable {
    let prepare: @Sendable (ClientRequest) async throws -> ClientRequest

    /// A hook from a function.
    public init(_ prepare: @escaping @Sendable (ClientRequest) async throws -> ClientRequest) {
        self.prepare = prepare
    }
}

/// What a ``PostRequestHook`` decides about the latest response (FlexNetworking's three actions).
public enum PostRequestAction: Sendable {
    /// Go on to the next hook with the same response.
    case `continue`
    /// Send this request, and go on to the next hook with its response. If it fails, no further hook
    /// runs and the error reaches the caller.
    case makeNewRequest(ClientRequest)
    /// Skip the remaining hooks and return the latest response to the caller.
    case completed
}

/// A step that runs after a response arrived: it sees the latest response and the original request
/// (after the pre-request hooks) and answers with a ``PostRequestAction``, or throws.
public struct PostRequestHook: Sendable {
    let inspect: @Sendable (ClientResponse, ClientRequest) async throws -> PostRequestAction

    /// A hook from a function of the latest response and the original request.
    public init(_ inspect: @escaping @Sendable (_ response: ClientResponse, _ original: ClientRequest) async throws -> PostRequestAction) {
        self.inspect = inspect
    }
}

/// The middleware behind ``Client/hooked(pre:post:)``.
struct Hooked: Middleware {
    let pre: [PreRequestHook]
    let post: [PostRequestHook]

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var original = request
        for hook in pre {
            original = try await hook.prepare(original)
        }
        var response = try await next(original)
        for hook in post {
            switch try await hook.inspect(response, original) {
            case .continue:
                continue
            case .makeNewRequest(let request):
                // NOTE: the earlier response is let go before the new request leaves, so that its connection
                // and what layers inside hold for it (a throttle slot) are free before the new request waits
                // for them. A short body of announced length is read to its end, keeping its connection for
                // the pool; any other is dropped unread at once: reading a slow or endless one (an event
                // stream) would hold the new request up for as long as it lasts.
                if let length = response.body.length, length <= ClientResponse.keptBodyLimit {
                    _ = await response.releasingBody()
                }
                response.body = .empty
                response = try await next(request)
            case .completed:
                return response
            }
        }
        return response
    }
}

extension Client {
    /// A client that runs `pre` hooks, in order, on each request before sending it, and `post` hooks,
    /// in order, on each response (FlexNetworking's model).
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport()).hooked(
    ///     pre: [PreRequestHook { request in
    ///         var request = request
    ///         try request.setHeader("X-Request-ID", UUID().uuidString)
    ///         return request
    ///     }],
    ///     post: [PostRequestHook { response, original in
    ///         response.status == .serviceUnavailable ? .makeNewRequest(original) : .continue
    ///     }]
    /// )
    /// ```
    ///
    /// Token refresh *can* be written with hooks alone — a post-hook that sees a 401, fetches a token and
    /// answers `.makeNewRequest` with the request re-signed — but every request that fails at the same
    /// time then refreshes on its own, tokens race, and a refresh that fails sends each caller into
    /// its own error path. ``authorizing(with:clock:)`` refreshes once for all of them, replays each
    /// request once, and refreshes before sending when the token is about to expire: use it for tokens,
    /// and hooks for the rest (request IDs, signatures, logging notable responses, app-level retries).
    public func hooked(pre: [PreRequestHook] = [], post: [PostRequestHook] = []) -> Client {
        with(Hooked(pre: pre, post: post))
    }
}
