import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

@testable import CourierOAuth

/// The client-side checks of a sign-in, each without a server: PKCE, the redirect, the errors' codes, what is
/// redacted, and the endpoints' transport.
@Suite struct OAuthChecksTests {
    @Test func pkceS256MatchesAnIndependentSHA256() {
        // Computed with Python's hashlib: base64url(sha256(verifier)) without padding (RFC 7636 §4.2).
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mJ0kl0QTdKmEQJJZ7m9OYwLCzQ1mxHzw1M") == "3W4gVbR-yQitTEcqiFzS9rL1qPheHo5uEYA-D9xEmoA")
        let pkce = PKCE()
        #expect(pkce.verifier.count == 43)
        #expect(pkce.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(pkce.challenge == PKCE.challenge(for: pkce.verifier))
        #expect(PKCE().state != pkce.state)
    }

    @Test func everyServerCodeHasItsOwnCase() {
        let codes: [String: OAuthError.Code] = [
            "invalid_request": .invalidRequest, "invalid_client": .invalidClient, "invalid_grant": .invalidGrant,
            "unauthorized_client": .unauthorizedClient, "unsupported_grant_type": .unsupportedGrantType,
            "invalid_scope": .invalidScope, "unsupported_response_type": .unsupportedResponseType,
            "server_error": .serverError, "temporarily_unavailable": .temporarilyUnavailable,
            "authorization_pending": .authorizationPending, "slow_down": .slowDown, "access_denied": .accessDenied,
            "expired_token": .expiredToken, "unsupported_token_type": .unsupportedTokenType,
        ]
        for (name, code) in codes {
            #expect(OAuthError.Code(serverCode: name) == code)
            #expect(code.name == name)
        }
        #expect(OAuthError.Code(serverCode: "interaction_required") == .other("interaction_required"))
        let error = OAuthError(.invalidGrant, description: "The refresh token was revoked", status: 400)
        #expect(error.description == "OAuth error invalid_grant: The refresh token was revoked (HTTP 400)")
    }

    @Test func theRedirectIsCheckedStateFirst() throws {
        let expected = URL(string: "http://127.0.0.1:4000/callback")!
        func code(_ redirect: String, state: String = "s1") throws -> String {
            try AuthorizationRedirect(URL(string: redirect)!, expected: expected, state: state, issuer: "https://as.example").code()
        }
        #expect(try code("http://127.0.0.1:4000/callback?code=abc&state=s1") == "abc")
        #expect(throws: OAuthError(.stateMismatch, description: "the redirect's state is not the one this sign-in sent: it may be forged")) {
            try code("http://127.0.0.1:4000/callback?code=abc&state=forged")
        }
        // A forged redirect's error is not believed either: the state is checked before the error.
        #expect(throws: OAuthError.self) { try code("http://127.0.0.1:4000/callback?error=access_denied") }
        do {
            _ = try code("http://127.0.0.1:4000/callback?error=access_denied&error_description=No&state=s1")
            Issue.record("an error redirect gave a code")
        } catch let error as OAuthError {
            #expect(error.code == .accessDenied)
            #expect(error.detail == "No")
        }
        for other in ["http://127.0.0.1:4001/callback?code=abc&state=s1", "http://127.0.0.1:4000/other?code=abc&state=s1",
                      "https://127.0.0.1:4000/callback?code=abc&state=s1", "http://evil.example:4000/callback?code=abc&state=s1"] {
            #expect(throws: OAuthError.self, "\(other)") { try code(other) }
            do { _ = try code(other) } catch let error as OAuthError { #expect(error.code == .redirectMismatch) }
        }
        do {
            _ = try code("http://127.0.0.1:4000/callback?code=abc&state=s1&iss=https://other.example")
            Issue.record("a redirect from another issuer gave a code")
        } catch let error as OAuthError {
            #expect(error.code == .issuerMismatch)
        }
    }

    @Test func nothingSecretIsPrinted() {
        let tokens = OAuthTokens(accessToken: "AT-secret", refreshToken: "RT-secret", idToken: "ID-secret", issuer: "https://as.example")
        let registration = OAuthClientRegistration(id: "svc", authentication: .clientSecretBasic("CS-secret"))
        var dumped = ""
        dump(tokens, to: &dumped)
        dump(registration.authentication, to: &dumped)
        dump(registration, to: &dumped)
        for text in [tokens.description, "\(tokens)", String(reflecting: tokens), dumped, registration.description, "\(registration)",
                     OAuthClientRegistration.Authentication.clientSecretPost("CS-secret").description] {
            for secret in ["AT-secret", "RT-secret", "ID-secret", "CS-secret"] {
                #expect(!text.contains(secret), "\(text)")
            }
        }
        #expect(registration.description.contains("svc"))
    }

    @Test func aTokenRequestsBodyIsRedactedInCURLAndErrors() throws {
        let body = "grant_type=refresh_token&refresh_token=RT-secret&client_secret=CS-secret&code=C-secret&code_verifier=V-secret&device_code=D-secret"
        let request = try ClientRequest(.post, url: "https://as.example/token", headers: ["Authorization": "Basic Q1Mtc2VjcmV0"], body: .text(body))
        let curl = request.cURLDescription()
        let scrubbed = Redactor.default.scrub(body + " {\"access_token\":\"AT-secret\",\"refresh_token\":\"RT-secret\",\"id_token\":\"ID-secret\"}")
        for secret in ["RT-secret", "CS-secret", "C-secret", "V-secret", "D-secret", "Q1Mtc2VjcmV0"] {
            #expect(!curl.contains(secret), "\(curl)")
        }
        for secret in ["RT-secret", "CS-secret", "C-secret", "V-secret", "D-secret", "AT-secret", "ID-secret"] {
            #expect(!scrubbed.contains(secret), "\(scrubbed)")
        }
        #expect(curl.contains("grant_type=refresh_token"))
    }

    @Test func credentialsNeverTravelInClearText() async throws {
        let server = OAuthServerMetadata(issuer: "http://as.example", tokenEndpoint: URL(string: "http://as.example/token")!)
        let session = OAuthSession.clientCredentials(server: server, client: OAuthClientRegistration(id: "svc", authentication: .clientSecretPost("x")))
        do {
            _ = try await session.token()
            Issue.record("a token was requested over plain http")
        } catch let error as OAuthError {
            #expect(error.code == .insecureEndpoint)
        }
        await #expect(throws: OAuthError.self) { try await OAuthServerMetadata.discover(issuer: URL(string: "http://as.example")!) }
    }

    @Test func onlyTheLoopbackInterfaceIsLoopback() {
        for host in ["localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"] {
            #expect(OAuthEndpointCheck.isLoopback(host), "\(host)")
        }
        for host in ["127.evil.example", "127.0.0.1.evil.example", "127.0.0", "1270.0.0.1", "127.0.0.256", "localhost.evil.example", "example.com"] {
            #expect(!OAuthEndpointCheck.isLoopback(host), "\(host)")
        }
    }

    @Test func aServersNumbersCannotCrashAndOnlyBearerIsTaken() throws {
        let now = Date(timeIntervalSince1970: 1_000_000)
        for lifetime: any Sendable in [1e30, -5.0, Double.infinity, Double.nan, "1e400"] {
            let tokens = try TokenResponse.tokens(
                from: ["access_token": "a", "token_type": "bearer", "expires_in": lifetime], issuer: "https://as.example", now: now)
            if let expiresAt = tokens.expiresAt {
                #expect(expiresAt.timeIntervalSince(now) >= 0 && expiresAt.timeIntervalSince(now) <= OAuthSeconds.limit)
            }
        }
        #expect(throws: OAuthError.self) {
            _ = try TokenResponse.tokens(from: ["access_token": "a", "token_type": "DPoP"], issuer: "https://as.example", now: now)
        }
        #expect(OAuthSeconds.clamped(0.2, atLeast: 1) == .seconds(1))
    }

    @Test func clientSecretBasicSurvivesAColonAndASpace() throws {
        // As a server reads it: base64-decode, split at the first `:`, then form-decode each side.
        let header = OAuthFormPost.basicCredentials(id: "svc:1", secret: "p w:+é")
        let decoded = try #require(Data(base64Encoded: String(header.dropFirst("Basic ".count))).map { String(decoding: $0, as: UTF8.self) })
        let parts = decoded.split(separator: ":", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
        #expect(parts == ["svc:1", "p w:+é"])
    }
}

/// The loopback redirect listener on its own: other paths are answered 404 and ignored; cancelling stops the wait.
@Suite struct LoopbackRedirectListenerTests {
    @Test func answersItsPathOnlyAndReturnsTheFullURL() async throws {
        let listener = try LoopbackRedirectListener(path: "cb")
        defer { listener.close() }
        #expect(listener.redirectURI.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(listener.redirectURI.path == "/cb")
        let waiting = Task { try await listener.redirect() }
        let browser = Client(transport: AsyncHTTPClientTransport())
        let base = listener.redirectURI.absoluteString.replacingOccurrences(of: "/cb", with: "")
        #expect(try await browser.send(ClientRequest(.get, url: base + "/favicon.ico")).status.code == 404)
        let answer = try await browser.send(ClientRequest(.get, url: base + "/cb?code=c1&state=s1"))
        #expect(answer.status.code == 200)
        let url = try await waiting.value
        #expect(url.absoluteString == base + "/cb?code=c1&state=s1")
    }

    @Test func cancellingStopsTheWait() async throws {
        let listener = try LoopbackRedirectListener()
        let waiting = Task { try await listener.redirect() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
