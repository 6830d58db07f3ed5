import Courier
import Foundation

extension OAuthSession {
    /// Signs the user in with the authorization code grant and PKCE S256 (RFC 6749 §4.1, RFC 7636), and keeps the
    /// tokens.
    ///
    /// `present` shows the server's page and returns the URL the browser was redirected to: on Apple platforms an
    /// `ASWebAuthenticationSession`, in a command-line tool ``signInWithLoopbackRedirect(path:open:)``.
    ///
    /// ```swift
    /// try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { page in
    ///     try await webAuthentication.start(page, callbackScheme: "com.example.app")   // your UI
    /// }
    /// ```
    ///
    /// - Throws: ``OAuthError/Code/redirectMismatch`` when the redirect is not to `redirectURI` (scheme, host,
    ///   port and path compared exactly); ``OAuthError/Code/stateMismatch`` when its `state` is not this sign-in's;
    ///   ``OAuthError/Code/issuerMismatch`` for an `iss` of another server (RFC 9207); the server's error (such as
    ///   ``OAuthError/Code/accessDenied``) when it redirected with one; ``OAuthError/Code/invalidGrant`` when the
    ///   server refuses the code or the verifier.
    public func signIn(
        redirectURI: URL,
        additionalParameters: [String: String] = [:],
        presenting present: @Sendable (URL) async throws -> URL
    ) async throws {
        guard let authorizationEndpoint = server.authorizationEndpoint else {
            throw OAuthError(.notOffered, description: "\(server.issuer) has no authorization endpoint")
        }
        try OAuthEndpointCheck.require(secure: authorizationEndpoint)
        let pkce = PKCE()
        guard var page = URLComponents(url: authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw OAuthError(.invalidRequest, description: "the authorization endpoint is not a URL")
        }
        var items = page.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: client.id),
            URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString),
            URLQueryItem(name: "state", value: pkce.state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if !scopes.isEmpty { items.append(URLQueryItem(name: "scope", value: scopes.joined(separator: " "))) }
        items += additionalParameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        page.percentEncodedQuery = PercentEncoding.query(items.map { (name: $0.name, value: $0.value) })
        guard let pageURL = page.url else { throw OAuthError(.invalidRequest, description: "the authorization URL could not be built") }

        let redirect = try await present(pageURL)
        generation += 1
        let code = try AuthorizationRedirect(redirect, expected: redirectURI, state: pkce.state, issuer: server.issuer).code()
        _ = try await issue([
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirectURI.absoluteString),
            ("code_verifier", pkce.verifier),
        ])
    }

    /// Signs the user in with the authorization code grant through a browser, for command-line tools and
    /// servers (RFC 8252 §7.3): a listener on `127.0.0.1` and a free port receives the redirect, and `open`
    /// shows the page (prints it, or starts the system's browser).
    ///
    /// ```swift
    /// try await session.signInWithLoopbackRedirect { page in print("Open \(page)") }
    /// ```
    public func signInWithLoopbackRedirect(
        path: String = "/callback",
        open: @Sendable (URL) async throws -> Void
    ) async throws {
        let listener = try LoopbackRedirectListener(path: path)
        defer { listener.close() }
        try await signIn(redirectURI: listener.redirectURI) { page in
            // Listening before the page opens: `open` may return only once the browser is done.
            async let redirect = listener.redirect()
            try await open(page)
            return try await redirect
        }
    }
}

/// The redirect back from the authorization endpoint, checked before its code is used.
struct AuthorizationRedirect {
    let url: URL
    let expected: URL
    let state: String
    let issuer: String

    init(_ url: URL, expected: URL, state: String, issuer: String) {
        self.url = url
        self.expected = expected
        self.state = state
        self.issuer = issuer
    }

    func code() throws -> String {
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let wanted = URLComponents(url: expected, resolvingAgainstBaseURL: false),
            parts.scheme?.lowercased() == wanted.scheme?.lowercased(),
            parts.host?.lowercased() == wanted.host?.lowercased(),
            parts.port == wanted.port,
            parts.path == wanted.path
        else {
            throw OAuthError(.redirectMismatch, description: "the sign-in did not come back to the redirect URI it sent")
        }
        var values: [String: String] = [:]
        for item in parts.queryItems ?? [] where values[item.name] == nil {
            values[item.name] = item.value ?? ""
        }
        // The state first: a forged redirect's error or code means nothing (RFC 6749 §10.12).
        guard values["state"] == state else {
            throw OAuthError(.stateMismatch, description: "the redirect's state is not the one this sign-in sent: it may be forged")
        }
        if let iss = values["iss"], iss != issuer {
            throw OAuthError(.issuerMismatch, description: "the redirect names the issuer \(iss), not \(issuer) (RFC 9207)")
        }
        if let error = values["error"] {
            throw OAuthError(OAuthError.Code(serverCode: error), description: values["error_description"], uri: values["error_uri"])
        }
        guard let code = values["code"], !code.isEmpty else {
            throw OAuthError(.invalidResponse, description: "the redirect carries neither a code nor an error")
        }
        return code
    }
}
