import Courier
import Foundation

/// One signed-in (or service) identity at one authorization server: a `TokenProvider` for
/// `Client.authorizing(with:clock:)` that obtains, refreshes, keeps and revokes OAuth 2.0 tokens.
///
/// Sign in with the flow that fits, then sign the API's requests with the session:
///
/// ```swift
/// let server = try await OAuthServerMetadata.discover(issuer: URL(string: "https://auth.example.com")!)
/// let session = OAuthSession(server: server, client: OAuthClientRegistration(id: "cli"), scopes: ["read"],
///                            store: FileTokenStore(url: tokenFile))
/// try await session.signIn(device: { print("Open \($0.verificationURI) and enter \($0.userCode)") })
///
/// let api = Client(transport: AsyncHTTPClientTransport())
///     .authorizing(with: session, for: URL(string: "https://api.example.com")!)
/// ```
///
/// - **Refresh, once.** ``refreshedToken()`` runs one refresh at a time: concurrent callers join it. With
///   rotation, the new refresh token replaces the old one in the store before anyone gets the new access token,
///   and a refresh token is never sent twice (after a refresh whose answer was lost it counts as spent).
/// - **Signed out on `invalid_grant`.** A refresh the server refuses with `invalid_grant` clears the store; the
///   next request fails with ``OAuthError/Code/signInRequired`` instead of trying again.
/// - **Client credentials** (``clientCredentials(server:client:scopes:store:http:)``) need no user: a new token
///   is fetched whenever one is needed.
/// - **Nothing secret leaves the issuer.** Client secrets, codes, verifiers and refresh tokens go only to the
///   server's own endpoints, over `https` (or `http` on the loopback interface); stored tokens of another issuer
///   are never used.
public actor OAuthSession: TokenProvider {
    /// The server's endpoints.
    public nonisolated let server: OAuthServerMetadata
    /// The app as the server knows it.
    public nonisolated let client: OAuthClientRegistration
    /// The scopes asked for; empty leaves them to the server.
    public nonisolated let scopes: [String]
    /// Where the tokens are kept.
    public nonisolated let store: any OAuthTokenStore
    /// Whether the session obtains tokens by itself with the client credentials grant.
    public nonisolated let usesClientCredentials: Bool

    let post: OAuthFormPost
    /// Waits for `duration` on the clock the session was given (device polling).
    let sleep: @Sendable (Duration) async throws -> Void
    /// The token request in flight (refresh or client credentials), joined by every caller meanwhile.
    private var inFlight: Task<OAuthTokens, any Error>?
    /// Refresh tokens already sent: never sent again, whatever the store holds.
    private var spentRefreshTokens: Set<String> = []
    /// Raised by every sign-in and sign-out: a refresh that started before one of them keeps nothing it gets (the
    /// actor runs other calls while a request is in flight).
    var generation = 0

    /// A session for a user who signs in with ``signIn(redirectURI:additionalParameters:presenting:)``, ``signInWithLoopbackRedirect(path:open:)``
    /// or ``signIn(device:)``; tokens already in `store` (from an earlier launch) are used until they need a sign-in.
    ///
    /// - Parameters:
    ///   - server: the authorization server's endpoints.
    ///   - client: the app as the server knows it.
    ///   - scopes: the scopes to ask for; empty leaves them to the server.
    ///   - store: where the tokens are kept.
    ///   - http: the client for the server's endpoints. It must not authorize with this session, nor follow
    ///     redirects: a token request is answered, never redirected.
    ///   - clock: what the device flow waits on between polls (a test clock in tests).
    public init(
        server: OAuthServerMetadata,
        client: OAuthClientRegistration,
        scopes: [String] = [],
        store: any OAuthTokenStore = InMemoryTokenStore(),
        http: Client = OAuthSession.defaultHTTPClient,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.init(server: server, client: client, scopes: scopes, store: store, http: http, clock: clock, clientCredentials: false)
    }

    /// A session for a service: tokens come from the client credentials grant (RFC 6749 §4.4), with the
    /// secret in `client`'s authentication, whenever one is needed.
    ///
    /// ```swift
    /// let reports = OAuthSession.clientCredentials(
    ///     server: server, client: OAuthClientRegistration(id: "reports", authentication: .clientSecretBasic(secret)),
    ///     scopes: ["read"])
    /// ```
    public static func clientCredentials(
        server: OAuthServerMetadata,
        client: OAuthClientRegistration,
        scopes: [String] = [],
        store: any OAuthTokenStore = InMemoryTokenStore(),
        http: Client = OAuthSession.defaultHTTPClient
    ) -> OAuthSession {
        OAuthSession(server: server, client: client, scopes: scopes, store: store, http: http, clock: ContinuousClock(), clientCredentials: true)
    }

    private init(
        server: OAuthServerMetadata, client: OAuthClientRegistration, scopes: [String], store: any OAuthTokenStore,
        http: Client, clock: some Clock<Duration>, clientCredentials: Bool
    ) {
        self.server = server
        self.client = client
        self.scopes = scopes
        self.store = store
        self.usesClientCredentials = clientCredentials
        self.post = OAuthFormPost(http: http, client: client)
        self.sleep = { try await clock.sleep(for: $0) }
    }

    /// A client with Courier's default transport and no layers, for the server's endpoints.
    public static var defaultHTTPClient: Client {
        Client(transport: URLSessionTransport())
    }

    // MARK: TokenProvider

    /// The stored access token while it is valid; else a refreshed one, or a client credentials one.
    ///
    /// - Throws: ``OAuthError/Code/signInRequired`` when only the user can get a token.
    public func token() async throws -> Token {
        if let tokens = try await storedTokens() {
            let remaining = tokens.expiresAt.map { OAuthSeconds.clamped($0.timeIntervalSinceNow) ?? .zero }
            if remaining.map({ $0 > .seconds(1) }) ?? true {
                return Token(tokens.accessToken, expiresIn: remaining)
            }
        }
        return try await refreshedToken()
    }

    /// A new access token: from the refresh token when there is one, else from the client credentials grant.
    public func refreshedToken() async throws -> Token {
        let tokens = try await fresh()
        return Token(tokens.accessToken, expiresIn: tokens.expiresAt.map { OAuthSeconds.clamped($0.timeIntervalSinceNow) ?? .zero })
    }

    // MARK: State

    /// The tokens in the store, when they belong to this issuer.
    public func storedTokens() async throws -> OAuthTokens? {
        guard let tokens = try await store.load() else { return nil }
        return tokens.issuer == nil || tokens.issuer == server.issuer ? tokens : nil
    }

    /// Runs one token request for everyone waiting: a refresh, or a new client credentials token.
    private func fresh() async throws -> OAuthTokens {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await self.obtainFresh() }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    private func obtainFresh() async throws -> OAuthTokens {
        let started = generation
        if let stored = try await storedTokens(), let refreshToken = stored.refreshToken {
            return try await refresh(stored, using: refreshToken, generation: started)
        }
        if usesClientCredentials {
            var fields = [("grant_type", "client_credentials")]
            if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
            return try await issue(fields, generation: started)
        }
        throw OAuthError(.signInRequired, description: "no refresh token is stored for \(server.issuer): sign in first")
    }

    /// The refresh token grant (RFC 6749 §6), with rotation: the new refresh token replaces the spent one.
    private func refresh(_ stored: OAuthTokens, using refreshToken: String, generation started: Int) async throws -> OAuthTokens {
        guard !spentRefreshTokens.contains(refreshToken) else {
            try await store.clear()
            throw OAuthError(.signInRequired, description: "the stored refresh token was already sent once and is not sent again: sign in again")
        }
        spentRefreshTokens.insert(refreshToken)
        var fields = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        do {
            let tokens = try await issue(fields, replacing: stored, generation: started)
            // No rotation: the server keeps the old refresh token valid, so it may be sent again.
            if tokens.refreshToken == refreshToken { spentRefreshTokens.remove(refreshToken) }
            return tokens
        } catch let error as OAuthError where error.code == .invalidGrant {
            // The grant is gone (revoked, expired, reused elsewhere): sign out rather than try again forever, unless a
            // sign-in or sign-out came meanwhile.
            if generation == started { try? await store.clear() }
            throw error
        } catch let error as OAuthError where error.status != nil {
            // The server answered, and refused (a 5xx, `temporarily_unavailable`): it did not spend the token.
            spentRefreshTokens.remove(refreshToken)
            throw error
        } catch let error as NetworkError where error.kind == .notConnected || error.kind == .cannotConnect {
            // The request never left this machine: the refresh token was not spent.
            spentRefreshTokens.remove(refreshToken)
            throw error
        }
    }

    /// Posts a grant to the token endpoint and keeps what it issued, in one save: a refresh token or scope the
    /// answer leaves out is the `previous` one's (RFC 6749 §5.1, §6). With `generation`, nothing is kept when a
    /// sign-in or sign-out came while the request was in flight.
    func issue(_ fields: [(String, String)], replacing previous: OAuthTokens? = nil, generation started: Int? = nil) async throws -> OAuthTokens {
        let object = try await post.send(to: server.tokenEndpoint, fields)
        var tokens = try TokenResponse.tokens(from: object, issuer: server.issuer, now: Date())
        if tokens.refreshToken == nil { tokens.refreshToken = previous?.refreshToken }
        if tokens.scope == nil { tokens.scope = previous?.scope ?? (scopes.isEmpty ? nil : scopes.joined(separator: " ")) }
        if let started, started != generation {
            throw OAuthError(.signInRequired, description: "a sign-in or sign-out happened while the token request was in flight")
        }
        try await store.save(tokens)
        return tokens
    }

    // MARK: Sign-out

    /// Revokes the refresh token (which revokes its access tokens, RFC 7009 §2.1) and the access token at the
    /// server's revocation endpoint, when it has one, and clears the store in any case.
    ///
    /// - Throws: the revocation's error, after the store was cleared.
    public func signOut() async throws {
        generation += 1
        let stored = try await storedTokens()
        try await store.clear()
        inFlight?.cancel()
        guard let stored, let endpoint = server.revocationEndpoint else { return }
        var tokens: [(String, String)] = []
        if let refreshToken = stored.refreshToken { tokens.append((refreshToken, "refresh_token")) }
        tokens.append((stored.accessToken, "access_token"))
        // Both, even when the first fails; the first failure is thrown.
        var firstFailure: (any Error)?
        for (token, hint) in tokens {
            do {
                _ = try await post.send(to: endpoint, [("token", token), ("token_type_hint", hint)], anyBodyOnSuccess: true)
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure { throw firstFailure }
    }
}
