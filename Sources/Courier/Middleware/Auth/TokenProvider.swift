/// A token and how long it stays valid from the moment it was handed out.
public struct Token: Sendable, Hashable {
    /// The secret, as it goes after `Bearer `.
    public var value: String
    /// How long the token is valid from when the provider returned it; `nil` when unknown (it is then
    /// refreshed only after the server rejects it).
    public var expiresIn: Duration?

    /// Creates a token.
    public init(_ value: String, expiresIn: Duration? = nil) {
        self.value = value
        self.expiresIn = expiresIn
    }
}

extension Token: CustomStringConvertible {
    /// Never the secret.
    public var description: String {
        "Token(<redacted>\(expiresIn.map { ", expires in \($0)" } ?? ""))"
    }
}

/// Where ``Client/authorizing(with:clock:)`` gets tokens: the one to use now, and a new one when the server
/// rejected it. An actor fits.
///
/// Courier calls ``refreshedToken()`` once at a time per client layer, however many requests were
/// rejected together, and never for a request that was rejected with a token older than the current one.
///
/// ```swift
/// actor SessionTokens: TokenProvider {
///     private var refreshToken: String
///     private let auth: Client                 // a client without the authorizing layer
///
///     init(refreshToken: String, auth: Client) {
///         self.refreshToken = refreshToken
///         self.auth = auth
///     }
///
///     func token() async throws -> Token {
///         try await refreshedToken()
///     }
///
///     func refreshedToken() async throws -> Token {
///         let grant = try await auth.send(.refresh(using: refreshToken))
///         refreshToken = grant.refreshToken
///         return Token(grant.accessToken, expiresIn: .seconds(grant.expiresIn))
///     }
/// }
/// ```
public protocol TokenProvider: Sendable {
    /// The token to use when this client has none yet (at the first request).
    func token() async throws -> Token
    /// A new token, because the last one was rejected or is about to expire.
    func refreshedToken() async throws -> Token
}
