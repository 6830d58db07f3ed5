extension Client {
    /// A client that sends the requests matching `condition` through the layers `layers` adds, and every
    /// other request past them, straight to this client.
    ///
    /// One client can then authorize only the calls to one API, or retry only GETs under `/search`:
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .when(.host("api.example.com")) { $0.authorizing(with: .bearer(tokens)) }
    ///     .when(.method(.get) && .pathPrefix("/search")) { $0.retrying(.immediate(maxAttempts: 3)) }
    ///     .targeting(.production)
    /// ```
    ///
    /// The layers are built once, here, and shared by every matching request (a throttle's slots, a
    /// token store). The condition sees the request as it reaches this point of the stack: a relative
    /// request has no host until ``targeting(_:)`` outside has resolved it. The result keeps this
    /// client's JSON coders: coders set inside `layers` apply to nothing (set them on the whole client).
    public func when(_ condition: RequestCondition, _ layers: (Client) -> Client) -> Client {
        let branch = layers(self)
        let base = self
        // NOTE: a fork of the chains, not a transport over the two clients: a request passes the client's
        // door once (progress reported once, the transport's executor kept for layers added outside).
        let fork = Next { request in
            try await (condition.matches(request) ? branch : base).forwarded(request)
        }
        return Client(chain: fork, configuration: configuration)
    }
}
