// The snippets of the README's OAuth 2.0 paragraph and of Sources/CourierOAuth/CourierOAuth.docc (OAuth.md,
// CourierOAuth.md), kept in step with them so that they always compile. They are compiled, not run: they need
// an authorization server (Tests/CourierOAuthTests runs every flow against one).
import Courier
import CourierOAuth
import Foundation

// MARK: README.md, OAuth 2.0

func readmeOAuth(tokenFile: URL) async throws {
    let server = try await OAuthServerMetadata.discover(issuer: URL(string: "https://auth.example.com")!)
    let session = OAuthSession(server: server, client: OAuthClientRegistration(id: "cli"), scopes: ["read"],
                               store: FileTokenStore(url: tokenFile))   // mode 0600, written atomically
    try await session.signIn(device: { print("Open \($0.verificationURI) and enter \($0.userCode)") })

    let api = Client(transport: URLSessionTransport())
        .authorizing(with: session, for: URL(string: "https://api.example.com")!)   // to this origin only
        .targeting(.production)
    _ = api
}

// MARK: OAuth.md

func oauthArticleManualServer() -> OAuthServerMetadata {
    let server = OAuthServerMetadata(
        issuer: "https://auth.example.com",
        authorizationEndpoint: URL(string: "https://auth.example.com/oauth/authorize")!,
        tokenEndpoint: URL(string: "https://auth.example.com/oauth/token")!,
        revocationEndpoint: URL(string: "https://auth.example.com/oauth/revoke")!)
    return server
}

func oauthArticleClientCredentials(server: OAuthServerMetadata, secret: String) async throws {
    let reports = OAuthSession.clientCredentials(
        server: server,
        client: OAuthClientRegistration(id: "reports", authentication: .clientSecretBasic(secret)),
        scopes: ["read"])
    // or: OAuthClientRegistration(id: "reports", authentication: .clientSecretPost(secret))

    let api = Client(transport: URLSessionTransport())
        .authorizing(with: reports, for: URL(string: "https://api.example.com")!)

    let response = try await api.send(ClientRequest(.get, url: "https://api.example.com/v1/reports"))
    _ = response
}

func oauthArticleAuthorizationCode(
    server: OAuthServerMetadata, presentSignInPage: @Sendable (URL, String) async throws -> URL
) async throws {
    let session = OAuthSession(
        server: server,
        client: OAuthClientRegistration(id: "ios-app"),         // a public client: no secret, PKCE
        scopes: ["read", "offline_access"])

    try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { page in
        try await presentSignInPage(page, "com.example.app")   // your UI: returns the redirect
    }
}

func oauthArticleLoopbackDeviceAndSignOut(server: OAuthServerMetadata) async throws {
    let tokenFile = FileManager.default.homeDirectoryForCurrentUser.appending(path: ".config/example/tokens.json")
    let store = FileTokenStore(url: tokenFile)
    let session = OAuthSession(
        server: server,
        client: OAuthClientRegistration(id: "cli"),
        scopes: ["read"],
        store: store)

    try await session.signInWithLoopbackRedirect { page in
        print("Open this page to sign in: \(page)")
    }
    try await session.signIn(device: { device in
        print("On another device, open \(device.verificationURI) and enter \(device.userCode)")
    })
    try await session.signOut()
}

func oauthArticleErrors(api: Client, showSignIn: () -> Void) async throws {
    do {
        let response = try await api.send(ClientRequest(.get, url: "https://api.example.com/v1/me"))
        print(response.status)
    } catch let error as NetworkError where error.kind == .authenticationFailed {
        if let cause = error.underlying as? OAuthError, cause.code == .signInRequired || cause.code == .invalidGrant {
            showSignIn()                                          // signed out: ask the user to sign in again
        } else {
            print(error)                                          // the diagnosis, secrets redacted
        }
    }
}
