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
        return Client(transport: ConditionalTransport(condition: condition, matching: branch, other: base), configuration: configuration)
    }
}

/// The fork of ``Client/when(_:_:)``: a matching request goes through the branch's layers, any other
/// straight to the client underneath.
private struct ConditionalTransport: Transport {
    let condition: RequestCondition
    let matching: Client
    let other: Client

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        try await (condition.matches(request) ? matching : other).send(request)
    }
}
