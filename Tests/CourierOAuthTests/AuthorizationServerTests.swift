import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import Foundation
import Logging
import Testing

@testable import CourierOAuth

/// The suites that use the Authlib server, one test at a time: they share its counts and reset them.
@Suite(.serialized, .enabled(if: AuthorizationServer.isAvailable, "OAUTH_ISSUER_URL is not set: source scripts/oauth-e2e.sh"))
struct OnTheAuthorizationServer {}

extension OnTheAuthorizationServer {
    /// Every flow end to end against a real authorization server (Authlib, started by `scripts/oauth-e2e.sh`), counted
    /// by the server itself.
    @Suite struct AuthorizationServerTests {
        let server: AuthorizationServer
        let http = Client(transport: AsyncHTTPClientTransport())

        init() async throws {
            server = try AuthorizationServer()
            try await server.control("reset")
        }

        private func metadata() async throws -> OAuthServerMetadata {
            try await OAuthServerMetadata.discover(issuer: server.issuerURL, using: http)
        }

        private func app(store: any OAuthTokenStore = InMemoryTokenStore(), clock: some Clock<Duration> = ContinuousClock()) async throws -> OAuthSession {
            OAuthSession(server: try await metadata(), client: OAuthClientRegistration(id: "app"), scopes: ["read", "write"], store: store, http: http, clock: clock)
        }

        /// Signs `alice` in with the authorization code flow, the server's page visited as a browser would.
        private func signedIn(store: any OAuthTokenStore = InMemoryTokenStore()) async throws -> OAuthSession {
            let session = try await app(store: store)
            let server = server
            try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { try await server.visit($0) }
            return session
        }

        // MARK: Discovery

        @Test func discoversTheEndpointsFromBothWellKnownDocuments() async throws {
            let metadata = try await metadata()
            #expect(metadata.issuer == server.issuer)
            #expect(metadata.tokenEndpoint.absoluteString == server.issuer + "/token")
            #expect(metadata.authorizationEndpoint?.absoluteString == server.issuer + "/authorize")
            #expect(metadata.deviceAuthorizationEndpoint?.absoluteString == server.issuer + "/device_authorization")
            #expect(metadata.revocationEndpoint?.absoluteString == server.issuer + "/revoke")
            #expect(metadata.codeChallengeMethodsSupported == ["S256"])
            // The OpenID Connect document, read directly, names the same endpoints.
            let response = try await http.send(ClientRequest(.get, url: server.issuer + "/.well-known/openid-configuration"))
            let openID = try JSONDecoder().decode(OAuthServerMetadata.self, from: await response.body.collect(upTo: 1 << 20))
            #expect(openID == metadata)
        }

        // MARK: Client credentials

        @Test(arguments: [
            ("service", OAuthClientRegistration.Authentication.clientSecretBasic("service-secret"), "client_secret_basic"),
            ("service-post", .clientSecretPost("post-secret"), "client_secret_post"),
        ])
        func clientCredentials(id: String, authentication: OAuthClientRegistration.Authentication, method: String) async throws {
            let session = OAuthSession.clientCredentials(
                server: try await metadata(), client: OAuthClientRegistration(id: id, authentication: authentication), scopes: ["read"], http: http)
            let api = Client(transport: AsyncHTTPClientTransport()).authorizing(with: session, for: server.issuerURL)
            let response = try await api.send(ClientRequest(.get, url: server.api.absoluteString))
            let body = String(decoding: try await response.body.collect(upTo: 1 << 16), as: UTF8.self)
            #expect(response.status.code == 200, "\(body)")
            #expect(body.contains("\"sub\": \"\(id)\"") || body.contains("\"sub\":\"\(id)\""), "\(body)")
            let stats = try await server.stats()
            #expect(stats.lastTokenRequest?.authMethod == method)
            #expect(stats.lastTokenRequest?.grantType == "client_credentials")
            // Basic puts the secret in the header only; post puts it in the body.
            #expect(stats.lastTokenRequest?.formKeys?.contains("client_secret") == (method == "client_secret_post"))
            #expect(stats.tokenRequests["client_credentials"] == 1)
        }

        @Test func aWrongClientSecretIsInvalidClient() async throws {
            let session = OAuthSession.clientCredentials(
                server: try await metadata(), client: OAuthClientRegistration(id: "service", authentication: .clientSecretBasic("wrong")), http: http)
            let api = Client(transport: AsyncHTTPClientTransport()).authorizing(with: session, for: server.issuerURL)
            do {
                _ = try await api.send(ClientRequest(.get, url: server.api.absoluteString))
                Issue.record("a wrong secret got a token")
            } catch let error as NetworkError {
                #expect(error.kind == .authenticationFailed)
                let cause = try #require(error.underlying as? OAuthError)
                #expect(cause.code == .invalidClient)
                #expect(cause.status == 401)
                #expect(!"\(error)".contains("wrong"), "the secret is not printed")
            }
        }

        // MARK: Authorization code + PKCE

        @Test func authorizationCodeWithPKCESignsTheUserIn() async throws {
            let session = try await app()
            let server = server
            let sent = Locked<URL?>(nil)
            try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { page in
                sent.withLock { $0 = page }
                return try await server.visit(page)
            }
            let page = try #require(sent.withLock { $0 }.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
            let items = Dictionary(uniqueKeysWithValues: (page.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(items["code_challenge_method"] == "S256")
            #expect(items["code_challenge"]?.count == 43)
            #expect(items["state"]?.count == 43)
            #expect(items["redirect_uri"] == "com.example.app:/callback")
            let tokens = try #require(try await session.storedTokens())
            #expect(tokens.refreshToken != nil)
            #expect(try await server.me(bearer: tokens.accessToken).0 == 200)
            #expect(try await server.me(bearer: tokens.accessToken).1.contains("alice"))
        }

        @Test func aForgedStateIsRefusedBeforeTheCodeIsUsed() async throws {
            let session = try await app()
            let server = server
            do {
                try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { page in
                    let redirect = try await server.visit(page)
                    var parts = try #require(URLComponents(url: redirect, resolvingAgainstBaseURL: false))
                    parts.queryItems = parts.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
                    return try #require(parts.url)
                }
                Issue.record("a forged state signed in")
            } catch let error as OAuthError {
                #expect(error.code == .stateMismatch)
            }
            #expect(try await server.stats().tokenRequests["authorization_code"] == nil, "the code never reached the token endpoint")
            #expect(try await session.storedTokens() == nil)
        }

        @Test func aSwappedChallengeMakesTheServerRefuseTheVerifier() async throws {
            let session = try await app()
            let server = server
            do {
                // Someone between the app and the page replaced the challenge: the app's verifier no longer matches.
                try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { page in
                    var parts = try #require(URLComponents(url: page, resolvingAgainstBaseURL: false))
                    parts.queryItems = parts.queryItems?.map {
                        $0.name == "code_challenge" ? URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: PKCE.randomToken())) : $0
                    }
                    return try await server.visit(try #require(parts.url))
                }
                Issue.record("a wrong verifier signed in")
            } catch let error as OAuthError {
                #expect(error.code == .invalidGrant)
                #expect(error.status == 400)
                #expect(error.detail != nil)
            }
            #expect(try await server.stats().tokenRequests["authorization_code"] == 1)
            #expect(try await session.storedTokens() == nil)
        }

        @Test func aDeniedSignInIsAccessDenied() async throws {
            let session = try await app()
            let server = server
            do {
                try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!, additionalParameters: ["deny": "1"]) {
                    try await server.visit($0)
                }
                Issue.record("a denied sign-in signed in")
            } catch let error as OAuthError {
                #expect(error.code == .accessDenied)
            }
        }

        @Test func theLoopbackListenerReceivesTheRedirect() async throws {
            let session = try await app()
            let server = server
            let browser = http
            let opened = Locked<URL?>(nil)
            try await session.signInWithLoopbackRedirect { page in
                opened.withLock { $0 = page }
                // The browser: the server's page redirects to the listener, which answers with a page of its own.
                let redirect = try await server.visit(page)
                #expect(redirect.host == "127.0.0.1")
                let answer = try await browser.send(ClientRequest(.get, url: redirect.absoluteString))
                let text = String(decoding: try await answer.body.collect(upTo: 1 << 16), as: UTF8.self)
                #expect(answer.status.code == 200)
                #expect(text.contains("Signed in"))
            }
            let redirectURI = try #require(opened.withLock { $0 }.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?
                .queryItems?.first { $0.name == "redirect_uri" }?.value)
            #expect(redirectURI.hasPrefix("http://127.0.0.1:"))
            #expect(redirectURI.hasSuffix("/callback"))
            #expect(try await session.storedTokens() != nil)
        }

        // MARK: Refresh

        @Test func rotationReplacesTheRefreshTokenAndNeverReusesOne() async throws {
            let session = try await signedIn()
            var seen: [String] = []
            for _ in 0..<3 {
                seen.append(try #require(try await session.storedTokens()?.refreshToken))
                _ = try await session.refreshedToken()
            }
            seen.append(try #require(try await session.storedTokens()?.refreshToken))
            #expect(Set(seen).count == 4, "each refresh rotated the refresh token")
            var stats = try await server.stats()
            #expect(stats.refreshGrants == 3)
            #expect(stats.reusedRefreshTokens == 0)
            // The server does rotate: the first refresh token is refused now, and counted as reused.
            let replay = OAuthFormPost(http: http, client: OAuthClientRegistration(id: "app"))
            await #expect(throws: OAuthError.self) {
                _ = try await replay.send(to: try await metadata().tokenEndpoint, [("grant_type", "refresh_token"), ("refresh_token", seen[0])])
            }
            stats = try await server.stats()
            #expect(stats.reusedRefreshTokens == 1)
        }

        @Test func aHundredRequestsWithAnExpiredTokenCauseOneRefresh() async throws {
            let session = try await signedIn()
            let api = Client(transport: AsyncHTTPClientTransport()).authorizing(with: session, for: server.issuerURL)
            let url = server.api.absoluteString
            #expect(try await api.send(ClientRequest(.get, url: url)).status.code == 200)
            try await server.control("expire-access-tokens")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 {
                    group.addTask {
                        let response = try await api.send(ClientRequest(.get, url: url))
                        _ = try await response.body.collect(upTo: 1 << 16)
                        return response.status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 100))
            let stats = try await server.stats()
            #expect(stats.refreshGrants == 1, "one refresh at the server for 100 rejected requests")
            #expect(stats.reusedRefreshTokens == 0)
        }

        @Test func invalidGrantOnRefreshSignsTheUserOut() async throws {
            let store = InMemoryTokenStore()
            let session = try await signedIn(store: store)
            let api = Client(transport: AsyncHTTPClientTransport()).authorizing(with: session, for: server.issuerURL)
            let url = server.api.absoluteString
            #expect(try await api.send(ClientRequest(.get, url: url)).status.code == 200)
            // The grant is revoked elsewhere (another device signed out), and the access token has expired.
            let refreshToken = try #require(await store.load()?.refreshToken)
            _ = try await OAuthFormPost(http: http, client: OAuthClientRegistration(id: "app"))
                .send(to: try await metadata().revocationEndpoint!, [("token", refreshToken), ("token_type_hint", "refresh_token")], anyBodyOnSuccess: true)
            try await server.control("expire-access-tokens")
            do {
                _ = try await api.send(ClientRequest(.get, url: url))
                Issue.record("a revoked grant was refreshed")
            } catch let error as NetworkError {
                #expect(error.kind == .authenticationFailed)
                #expect((error.underlying as? OAuthError)?.code == .invalidGrant)
            }
            #expect(await store.load() == nil, "signed out: the store was cleared")
            let refreshesSoFar = try await server.stats().refreshGrants
            // The next request asks for a sign-in instead of sending anything to the token endpoint.
            do {
                _ = try await api.send(ClientRequest(.get, url: url))
                Issue.record("a signed-out session got a token")
            } catch let error as NetworkError {
                #expect((error.underlying as? OAuthError)?.code == .signInRequired)
            }
            #expect(try await server.stats().refreshGrants == refreshesSoFar)
        }

        // MARK: Device flow

        @Test func deviceFlowPollsAtTheIntervalAndSlowsDown() async throws {
            let server = server
            let userCode = Locked<String?>(nil)
            let clock = StepClock { sleep in
                // The user finishes after the second poll.
                if sleep == 3, let code = userCode.withLock({ $0 }) { try await server.control("device/approve", ["user_code": code]) }
            }
            let session = try await app(clock: clock)
            try await session.signIn(device: { device in
                userCode.withLock { $0 = device.userCode }
                #expect(device.interval == .seconds(5))
                #expect(device.verificationURI.absoluteString == server.issuer + "/device")
                try await server.control("device/slow-down", ["user_code": device.userCode])
            })
            // First poll: slow_down, so 5 s more from then on; second: pending; third: approved.
            #expect(clock.sleeps.withLock { $0 } == [.seconds(5), .seconds(10), .seconds(10)])
            let code = try #require(userCode.withLock { $0 })
            #expect(try await server.stats().devicePolls[code] == 3)
            let tokens = try #require(try await session.storedTokens())
            #expect(try await server.me(bearer: tokens.accessToken).0 == 200)
        }

        @Test(arguments: [("device/deny", OAuthError.Code.accessDenied), ("device/expire", .expiredToken)])
        func deviceFlowEndsOnTheServersAnswer(control: String, code: OAuthError.Code) async throws {
            let server = server
            let session = try await app(clock: StepClock())
            do {
                try await session.signIn(device: { try await server.control(control, ["user_code": $0.userCode]) })
                Issue.record("the device flow signed in")
            } catch let error as OAuthError {
                #expect(error.code == code)
            }
            #expect(try await session.storedTokens() == nil)
        }

        @Test func deviceFlowStopsWhenTheCodeExpires() async throws {
            let session = try await app(clock: StepClock())
            do {
                try await session.signIn(device: { _ in })
                Issue.record("a code nobody approved signed in")
            } catch let error as OAuthError {
                #expect(error.code == .expiredToken)
            }
            // 600 s at 5 s a poll.
            #expect(try await server.stats().devicePolls.values.first == 120)
        }

        // MARK: Sign-out, origins, redaction

        @Test func signOutRevokesAndClears() async throws {
            let store = InMemoryTokenStore()
            let session = try await signedIn(store: store)
            let tokens = try #require(await store.load())
            #expect(try await server.me(bearer: tokens.accessToken).0 == 200)
            try await session.signOut()
            #expect(await store.load() == nil)
            #expect(try await server.me(bearer: tokens.accessToken).0 == 401)
            let stats = try await server.stats()
            #expect(stats.revocations == 2)
            // The refresh token is revoked too.
            await #expect(throws: OAuthError.self) {
                _ = try await OAuthFormPost(http: http, client: OAuthClientRegistration(id: "app"))
                    .send(to: try await metadata().tokenEndpoint, [("grant_type", "refresh_token"), ("refresh_token", tokens.refreshToken ?? "")])
            }
        }

        @Test func theAccessTokenGoesToItsOriginOnly() async throws {
            let session = try await signedIn()
            let api = Client(transport: AsyncHTTPClientTransport()).authorizing(with: session, for: server.issuerURL)
            #expect(try await api.send(ClientRequest(.get, url: server.api.absoluteString)).status.code == 200)
            // The same server under another name is another origin: the request goes unsigned.
            let otherOrigin = server.api.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let response = try await api.send(ClientRequest(.get, url: otherOrigin))
            #expect(response.status.code == 401)
            #expect(response.request.head.headerFields[.authorization] == nil)
        }

        @Test func theTokenTrafficLogsNoSecret() async throws {
            let (logger, lines) = CapturingLogHandler.logger()
            var configuration = LoggingConfiguration()
            configuration.bodies = .text(upTo: 4096)
            let logged = http.logging(to: logger, configuration)
            let server = server
            let session = OAuthSession(
                server: try await metadata(), client: OAuthClientRegistration(id: "app"), scopes: ["read"], http: logged)
            let code = Locked<String?>(nil)
            try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { page in
                let redirect = try await server.visit(page)
                code.withLock { $0 = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?.value }
                return redirect
            }
            let first = try #require(try await session.storedTokens())
            _ = try await session.refreshedToken()
            let second = try #require(try await session.storedTokens())
            let service = OAuthSession.clientCredentials(
                server: try await metadata(), client: OAuthClientRegistration(id: "service-post", authentication: .clientSecretPost("post-secret")),
                http: logged)
            let serviceToken = try await service.token()
            let text = lines.all.map(\.fullText).joined(separator: "\n")
            #expect(text.contains("/token"), "the token requests were logged")
            for secret in [first.accessToken, first.refreshToken, second.accessToken, second.refreshToken, serviceToken.value, "post-secret", code.withLock { $0 }] {
                #expect(!text.contains(try #require(secret)), "a secret is in the log")
            }
        }
    }
}
