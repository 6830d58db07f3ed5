extension Endpoint where Value: Sendable {
    /// The endpoint as a ``Call`` on `client`: sent each time the call is run, never before.
    public func call(on client: Client) -> Call<Value> {
        Call { try await client.send(self) }
    }

    /// The endpoint as a call that needs a client, given later with ``EnvironmentCall/provide(_:)``.
    public var call: EnvironmentCall<Client, Value> {
        EnvironmentCall { client in self.call(on: client) }
    }

    /// The endpoint sent with `client` when run: `API.articles(tag: "swift").provide(client).run()`.
    public func provide(_ client: Client) -> Call<Value> {
        call(on: client)
    }

    /// A call needing a client that sends this endpoint, then the one `next` makes from its value.
    ///
    /// ```swift
    /// let articles = API.profile.flatMap { profile in API.articles(tag: profile.favoriteTag) }
    /// let list = try await articles.provide(client).run()
    /// ```
    public func flatMap<T: Sendable>(_ next: @escaping @Sendable (Value) throws -> Endpoint<T>) -> EnvironmentCall<Client, T> {
        call.flatMap { value in try next(value).call }
    }

    /// A call needing a client that sends this endpoint, then runs the call `next` makes from its value.
    public func flatMap<T: Sendable>(_ next: @escaping @Sendable (Value) throws -> EnvironmentCall<Client, T>) -> EnvironmentCall<Client, T> {
        call.flatMap(next)
    }
}
