/// Resolves relative requests against one ``Server``.
struct ServerTargeting: ImmediateMiddleware {
    let resolution: Server.Resolution

    init(server: Server) {
        resolution = Server.Resolution(server)
    }

    func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome {
        try resolution.resolve(&request)
        return .passOn
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
