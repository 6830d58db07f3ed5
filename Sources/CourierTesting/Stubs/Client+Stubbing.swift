import Courier
import Foundation

extension Client {
    /// A client that answers `endpoint`'s requests from `response` and sends every other request on as
    /// this client does: one line to stub an endpoint in a live app or test, one line to remove.
    ///
    /// ```swift
    /// let client = live.stubbing(.articles(tag: "swift"), with: .json("[]"))
    /// ```
    ///
    /// Requests are recognised by the endpoint's `RequestOptions.operationID` when it has one
    /// (so every `.articles(tag:)` is stubbed), else by its method and path. The stub sits outside this
    /// client's layers: a stubbed request never reaches retry, auth or the network. A request it does not
    /// recognise goes on as it would have, and fails no test (unlike one a ``StubTransport`` has no stub for).
    public func stubbing<Value>(_ endpoint: Endpoint<Value>, with response: StubResponse, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        stubbing(StubRoute(endpoint), with: response, clock: clock)
    }

    /// A client that answers `endpoint`'s requests with `value` as JSON, and sends everything else on.
    public func stubbing<Value: Encodable & Sendable>(_ endpoint: Endpoint<Value>, returning value: Value) -> Client {
        stubbing(StubRoute(endpoint), with: .json(encoding: value), clock: ContinuousClock())
    }

    /// A client that answers the requests `route` matches from `response`, and sends everything else on.
    public func stubbing(_ route: StubRoute, with response: StubResponse, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        with(StubbingMiddleware(route: route, stubs: StubTransport(clock: clock).stub(route, with: response)))
    }
}

/// Answers matching requests from a stub transport and passes the rest on.
///
/// NOTE: the stub transport sees only the requests `route` matched, so it never meets one it has no stub for
/// and never records a test failure; every other request goes on to `next`, which is what stubbing one
/// endpoint of a live client means.
struct StubbingMiddleware: Middleware {
    let route: StubRoute
    let stubs: StubTransport

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard case .success = route.match(request) else { return try await next(request) }
        return try await stubs.send(request)
    }
}
