/// Resolves relative requests against one ``Server``.
struct ServerTargeting: ImmediateMiddleware {
    let resolution: Server.Resolution

    init(server: Server) {
        resolution = Server.Resolution(server)
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        try await next(resolution.apply(to: request))
    }

    func handleAtOnce(_ request: inout ClientRequest) -> ImmediateOutcome {
        do {
            try resolution.resolve(&request)
            return .passOn
        } catch {
            // `send` throws it; `resolve` changed nothing.
            return .suspends
        }
    }
}

extension Client {
    /// A client that sends relative requests (every ``Endpoint``) to `server`, adding its base path,
    /// version and default headers. Absolute requests pass unchanged.
    ///
    /// Add it last (outermost), so the layers inside it see absolute URLs:
    ///
    /// ```swift
    /// let production = shared.targeting(.production)
    /// let staging = shared.targeting(.staging)      // same endpoints, same stack, another host
    /// ```
    public func targeting(_ server: Server) -> Client {
        with(ServerTargeting(server: server))
    }
}
