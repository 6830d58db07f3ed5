/// A call that needs an environment — a client, a configuration, a token store — and is given it
/// later, with ``provide(_:)``: Bow's `EnvIO<Config, Error, T>` in Swift.
///
/// The code that describes the work does not choose the client; whoever runs it does. The same value
/// runs against production, a local server or a stub:
///
/// ```swift
/// let home: EnvironmentCall<Client, Home> = API.profile.flatMap { profile in
///     API.articles(tag: profile.favoriteTag).map { Home(profile: profile, articles: $0) }
/// }
/// let live = try await home.provide(client).run()
/// let inTests = try await home.provide(stubbedClient).run()
/// ```
public struct EnvironmentCall<Environment: Sendable, Value: Sendable>: Sendable {
    private let make: @Sendable (Environment) -> Call<Value>

    /// A call that is made from the environment once it is provided.
    public init(_ make: @escaping @Sendable (Environment) -> Call<Value>) {
        self.make = make
    }

    /// A call that runs `work` with the environment.
    public init(work: @escaping @Sendable (Environment) async throws -> Value) {
        make = { environment in Call { try await work(environment) } }
    }

    /// The environment itself, as a value: Bow's `ask`.
    public static func environment() -> EnvironmentCall<Environment, Environment> {
        EnvironmentCall<Environment, Environment> { environment in .value(environment) }
    }

    /// The call with its environment given; nothing runs until the call is run.
    public func provide(_ environment: Environment) -> Call<Value> {
        make(environment)
    }

    /// A call that needs a larger environment, from which `part` takes the one this call needs: an
    /// app's environment holds a client, a logger and settings, and a call that needs only the client
    /// still runs in it.
    ///
    /// ```swift
    /// struct AppEnvironment { var api: Client; var locale: String }
    /// let call: EnvironmentCall<AppEnvironment, [Article]> = API.articles(tag: "swift").call.pullback(\.api)
    /// ```
    public func pullback<Larger: Sendable>(_ part: @escaping @Sendable (Larger) -> Environment) -> EnvironmentCall<Larger, Value> {
        EnvironmentCall<Larger, Value> { larger in self.make(part(larger)) }
    }

    /// A call whose value is `transform` applied to this call's value.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Value) throws -> T) -> EnvironmentCall<Environment, T> {
        EnvironmentCall<Environment, T> { environment in self.make(environment).map(transform) }
    }

    /// A call that runs this one, then the one `next` makes from its value, in the same environment:
    /// sequential binding of dependent requests.
    public func flatMap<T: Sendable>(
        _ next: @escaping @Sendable (Value) throws -> EnvironmentCall<Environment, T>
    ) -> EnvironmentCall<Environment, T> {
        EnvironmentCall<Environment, T> { environment in
            self.make(environment).flatMap { value in try next(value).provide(environment) }
        }
    }

    /// Transforms the call this one makes, once the environment is known: retry, timeout, recovery, any
    /// ``Call`` combinator.
    ///
    /// ```swift
    /// let patient = API.articles(tag: "swift").call.modify { $0.retry(.immediate(maxAttempts: 3)) }
    /// ```
    public func modify<T: Sendable>(_ transform: @escaping @Sendable (Call<Value>) -> Call<T>) -> EnvironmentCall<Environment, T> {
        EnvironmentCall<Environment, T> { environment in transform(self.make(environment)) }
    }
}

/// Calls in one environment run at once (see ``zip(_:)``); the first failure cancels the others.
public func zip<Environment: Sendable, each V: Sendable>(
    _ call: repeat EnvironmentCall<Environment, each V>
) -> EnvironmentCall<Environment, (repeat each V)> {
    EnvironmentCall { environment in zip(repeat (each call).provide(environment)) }
}
