import ArgumentParser
import Courier
import CourierOAuth
import Foundation

/// The credentials `courier send` sends: HTTPie's `-a`/`-A`, `--bearer`, `--basic`, the URL's `user:password@`,
/// or an OAuth 2.0 session.
struct SendAuthOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp(
        "Credentials, as HTTPie takes them: user:password (basic, the default), or a token with -A bearer.",
        discussion: "e.g. courier send -a ada:secret httpbin.org/basic-auth/ada/secret"))
    var auth: String?

    @Option(name: [.customShort("A"), .customLong("auth-type")], help: "How -a is sent: basic (the default) or bearer.")
    var authType: String?

    @Option(help: "Send 'Authorization: Bearer <token>'.")
    var bearer: String?

    @Option(help: "Send HTTP basic credentials, user:password.")
    var basic: String?

    @Option(help: "OAuth 2.0: the authorization server's issuer URL, for --oauth-client-credentials or --oauth-client-id.")
    var oauthIssuer: String?

    @Option(help: "OAuth 2.0 client credentials grant: client_id:client_secret (client_secret_basic); the token is fetched, kept in memory and refreshed on 401.")
    var oauthClientCredentials: String?

    @Option(help: "OAuth 2.0: use (and refresh) the tokens `courier auth login` kept for this client_id.")
    var oauthClientID: String?

    @Option(help: "OAuth 2.0: a scope to ask for (repeat it for more).")
    var oauthScope: [String] = []

    @Option(help: "OAuth 2.0: the token file of --oauth-client-id (default: courier auth's).")
    var oauthStore: String?

    /// `Authorization` from `--bearer`, `--basic`, `-a` (with `-A`), or else the URL's `user:password@`, which
    /// HTTPie and curl also send as basic credentials (the library refuses userinfo in a URL; the command
    /// takes it off and sends it in the header).
    func authorize(_ request: inout ClientRequest, urlCredentials: String?) throws {
        let given = [bearer != nil, basic != nil, auth != nil].filter { $0 }.count
        guard given <= 1 else { throw SendFailure.usage("choose one of --bearer, --basic and -a/--auth.") }
        guard authType == nil || auth != nil else { throw SendFailure.usage("-A/--auth-type says how -a/--auth is sent: give -a too.") }
        if let authType, !["basic", "bearer"].contains(authType.lowercased()) {
            throw SendFailure.usage("-A/--auth-type takes basic or bearer.")
        }
        if let bearer {
            try request.setHeader("Authorization", "Bearer \(bearer)")
        } else if let credentials = basic ?? (authType?.lowercased() == "bearer" ? nil : auth) ?? urlCredentials {
            guard credentials.contains(":") else {
                throw SendFailure.usage("basic credentials are user:password (-a user:password, or -A bearer -a TOKEN for a token).")
            }
            try request.setHeader("Authorization", "Basic \(Data(credentials.utf8).base64EncodedString())")
        } else if let auth {
            try request.setHeader("Authorization", "Bearer \(auth)")
        }
    }

    /// The OAuth session the options ask for, its endpoints discovered from the issuer; `nil` without them.
    func oauthSession(http: Client) async throws -> OAuthSession? {
        guard oauthClientCredentials != nil || oauthClientID != nil else {
            guard oauthIssuer == nil else { throw SendFailure.usage("--oauth-issuer needs --oauth-client-credentials id:secret or --oauth-client-id id.") }
            return nil
        }
        guard oauthClientCredentials == nil || oauthClientID == nil else {
            throw SendFailure.usage("choose one of --oauth-client-credentials and --oauth-client-id.")
        }
        guard let oauthIssuer, let issuer = URL(string: oauthIssuer), issuer.host != nil else {
            throw SendFailure.usage("--oauth-client-credentials and --oauth-client-id need --oauth-issuer URL (such as https://auth.example.com).")
        }
        let server = try await OAuthServerMetadata.discover(issuer: issuer, using: http)
        if let credentials = oauthClientCredentials {
            guard let colon = credentials.firstIndex(of: ":") else {
                throw SendFailure.usage("--oauth-client-credentials takes client_id:client_secret.")
            }
            let client = OAuthClientRegistration(
                id: String(credentials[..<colon]), authentication: .clientSecretBasic(String(credentials[credentials.index(after: colon)...])))
            return OAuthSession.clientCredentials(server: server, client: client, scopes: oauthScope, http: http)
        }
        let id = oauthClientID ?? ""
        return OAuthSession(
            server: server, client: OAuthClientRegistration(id: id), scopes: oauthScope,
            store: FileTokenStore(url: OAuthOptions.storeURL(oauthStore, issuer: issuer, clientID: id)), http: http)
    }
}
