import ArgumentParser
import Courier
import CourierAsyncHTTPClient
import CourierOAuth
import Foundation

/// `courier auth`: signs in to an OAuth 2.0 server with the device flow and keeps the tokens in a file that
/// `courier send --oauth-issuer … --oauth-client-id …` then uses (and refreshes).
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Sign in to an OAuth 2.0 server (device flow) and keep the tokens for `courier send`.",
        discussion: """
        courier auth login --issuer https://auth.example.com --client-id cli --scope read
        courier send --oauth-issuer https://auth.example.com --oauth-client-id cli https://api.example.com/me
        courier auth logout --issuer https://auth.example.com --client-id cli

        Tokens are kept in a file only you can read (mode 0600), by default
        ~/.config/courier/oauth/<issuer host>-<client id>.json (--store PATH to choose).
        """,
        subcommands: [AuthLogin.self, AuthLogout.self]
    )
}

/// The options every OAuth command shares: which server, which client, where the tokens are.
struct OAuthOptions: ParsableArguments {
    @Option(help: "The authorization server's issuer URL; its endpoints are discovered (RFC 8414, OpenID Connect).")
    var issuer: String

    @Option(help: "The client_id registered at the server (a public client: no secret).")
    var clientID: String

    @Option(help: "A scope to ask for (repeat it for more).")
    var scope: [String] = []

    @Option(help: "The token file (mode 0600). Default: ~/.config/courier/oauth/<issuer host>-<client id>.json.")
    var store: String?

    /// The session, with the server's endpoints discovered.
    func session(http: Client) async throws -> OAuthSession {
        guard let issuerURL = URL(string: issuer), issuerURL.host != nil else {
            throw SendFailure.usage("--issuer takes a URL such as https://auth.example.com.")
        }
        let server = try await OAuthServerMetadata.discover(issuer: issuerURL, using: http)
        return OAuthSession(
            server: server, client: OAuthClientRegistration(id: clientID), scopes: scope,
            store: FileTokenStore(url: Self.storeURL(store, issuer: issuerURL, clientID: clientID)), http: http)
    }

    static func storeURL(_ path: String?, issuer: URL, clientID: String) -> URL {
        if let path { return URL(fileURLWithPath: path) }
        let host = [issuer.host ?? "issuer", issuer.port.map(String.init)].compactMap { $0 }.joined(separator: "_")
        let safe = { (text: String) in String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" }) }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".config/courier/oauth/\(safe(host))-\(safe(clientID)).json")
    }
}

/// `courier auth login`: the device flow.
struct AuthLogin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in with the device flow (RFC 8628): open a page elsewhere, type a code.")

    @OptionGroup var oauth: OAuthOptions

    func run() async throws {
        try await AuthRun.run { http in
            let session = try await oauth.session(http: http)
            try await session.signIn(device: { device in
                var lines = ["To sign in, open \(device.verificationURI) and enter the code \(device.userCode)"]
                if let complete = device.verificationURIComplete { lines.append("(or open \(complete))") }
                lines.append("Waiting for you to finish (the code expires in \(Int(device.expiresIn.components.seconds)) s)…")
                FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            })
            let scope = try await session.storedTokens()?.scope.map { " (scope: \($0))" } ?? ""
            let file = OAuthOptions.storeURL(oauth.store, issuer: URL(string: oauth.issuer)!, clientID: oauth.clientID).path
            FileHandle.standardError.write(Data("Signed in\(scope). Tokens kept in \(file)\n".utf8))
        }
    }
}

/// `courier auth logout`: revoke and forget.
struct AuthLogout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Revoke the kept tokens at the server (RFC 7009) and delete the token file.")

    @OptionGroup var oauth: OAuthOptions

    func run() async throws {
        try await AuthRun.run { http in
            try await oauth.session(http: http).signOut()
            FileHandle.standardError.write(Data("Signed out.\n".utf8))
        }
    }
}

/// Runs an auth command with a transport it shuts down, and prints an OAuth failure as one line.
enum AuthRun {
    static func run(_ body: (Client) async throws -> Void) async throws {
        let transport = AsyncHTTPClientTransport()
        do {
            try await body(Client(transport: transport))
            try await transport.shutdown()
        } catch let error as OAuthError {
            try? await transport.shutdown()
            FileHandle.standardError.write(Data("courier: \(error)\n".utf8))
            throw ExitCode(1)
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }
}
