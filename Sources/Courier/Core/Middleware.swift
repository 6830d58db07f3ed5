/// One layer of a ``Client``: an async function that receives the request and the rest of the chain.
///
/// A middleware may change the request before calling `next`, change the response after, call `next`
/// more than once (retry), not at all (a cache hit), or throw. It holds no per-request state of its
/// own; shared state (a cache, a token store) lives in an actor the middleware owns.
///
/// What `next` throws is always a ``NetworkError`` (a cancellation below is
/// ``NetworkError/Kind/cancelled``, never a bare `CancellationError`). What the middleware throws of its
/// own reaches the caller as ``NetworkError/Kind/middlewareFailed(layer:)`` naming it. A layer that only
/// edits the request has a lighter form, ``ImmediateMiddleware``; one that only watches,
/// ``ExchangeObserver``.
///
/// ```swift
/// struct UserAgent: Middleware {
///     let value: String
///
///     func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
///         var request = request
///         try request.setHeader("User-Agent", value)
///         return try await next(request)
///     }
/// }
///
/// let client = Client(transport: URLSessionTransport()).with(UserAgent(value: "docs/1.0"))
/// ```
public protocol Middleware: Sendable {
    /// Handles `request`, usually by passing it (or a changed copy) to `next`.
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse
}

/// The rest of the chain below a middleware: call it with a request to get the response.
///
/// `Next` is one callable and nothing more, so a middleware can only do what any other middleware
/// could.
public struct Next: Sendable {
    private let handler: @Sendable (ClientRequest) async throws -> ClientResponse

    /// Wraps a function as the rest of a chain; useful for testing a middleware on its own.
    public init(_ handler: @escaping @Sendable (ClientRequest) async throws -> ClientResponse) {
        self.handler = handler
    }

    /// Sends `request` through the rest of the chain.
    public func callAsFunction(_ request: ClientRequest) async throws -> ClientResponse {
        try await handler(request)
    }
}
