/// Where an ``OAuthSession`` keeps its tokens between requests and, with a persistent store, between launches.
///
/// Courier offers ``InMemoryTokenStore`` (the default), ``FileTokenStore`` (a `0600` file, for command-line tools
/// and servers) and, on Apple platforms, `KeychainTokenStore`. A store of your own only needs these three calls;
/// the session serialises them, so a store need not order concurrent writes itself.
public protocol OAuthTokenStore: Sendable {
    /// The tokens kept, or `nil` when signed out.
    func load() async throws -> OAuthTokens?
    /// Keeps `tokens` in place of any earlier ones, entirely or not at all.
    func save(_ tokens: OAuthTokens) async throws
    /// Forgets the tokens (sign-out, or a refresh token the server no longer accepts).
    func clear() async throws
}

/// Tokens kept in memory only: gone when the process ends.
public actor InMemoryTokenStore: OAuthTokenStore {
    private var tokens: OAuthTokens?

    /// A store holding `tokens`, or nothing.
    public init(_ tokens: OAuthTokens? = nil) {
        self.tokens = tokens
    }

    public func load() -> OAuthTokens? { tokens }
    public func save(_ tokens: OAuthTokens) { self.tokens = tokens }
    public func clear() { tokens = nil }
}
