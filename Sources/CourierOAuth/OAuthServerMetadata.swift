import Courier
import Foundation

/// Where an authorization server's endpoints are (RFC 8414): written by hand, or found from the issuer with
/// ``discover(issuer:using:)``.
///
/// ```swift
/// let server = try await OAuthServerMetadata.discover(issuer: URL(string: "https://auth.example.com")!)
/// let manual = OAuthServerMetadata(
///     issuer: "https://auth.example.com",
///     tokenEndpoint: URL(string: "https://auth.example.com/oauth/token")!)
/// ```
public struct OAuthServerMetadata: Sendable, Hashable, Codable {
    /// The issuer identifier: an `https` URL with no query or fragment.
    public var issuer: String
    /// Where the user signs in (authorization code flow).
    public var authorizationEndpoint: URL?
    /// Where codes, refresh tokens, client credentials and device codes are exchanged for tokens.
    public var tokenEndpoint: URL
    /// Where a device asks for a user code (RFC 8628).
    public var deviceAuthorizationEndpoint: URL?
    /// Where tokens are revoked at sign-out (RFC 7009).
    public var revocationEndpoint: URL?
    /// The scopes the server names.
    public var scopesSupported: [String]?
    /// `S256` when the server does PKCE with SHA-256.
    public var codeChallengeMethodsSupported: [String]?
    /// The grants the server offers.
    public var grantTypesSupported: [String]?
    /// How clients may authenticate at the token endpoint.
    public var tokenEndpointAuthMethodsSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case scopesSupported = "scopes_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case grantTypesSupported = "grant_types_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
    }

    /// Endpoints written by hand.
    public init(
        issuer: String,
        authorizationEndpoint: URL? = nil,
        tokenEndpoint: URL,
        deviceAuthorizationEndpoint: URL? = nil,
        revocationEndpoint: URL? = nil,
        scopesSupported: [String]? = nil
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.scopesSupported = scopesSupported
    }

    /// Reads the server's metadata from `issuer`: first `/.well-known/oauth-authorization-server` (RFC 8414 §3.1,
    /// inserted before the issuer's path), then, when that is not found, `/.well-known/openid-configuration`
    /// (OpenID Connect Discovery 1.0 §4, appended to it).
    ///
    /// - Throws: ``OAuthError/Code/issuerMismatch`` when the document names another issuer (RFC 8414 §3.3: the
    ///   document may be an attacker's), ``OAuthError/Code/insecureEndpoint`` for a plain-`http` issuer or
    ///   endpoint off the loopback interface, ``OAuthError/Code/invalidResponse`` for a document that is not
    ///   metadata, and the client's `NetworkError` when neither document could be fetched.
    public static func discover(issuer: URL, using http: Client = OAuthSession.defaultHTTPClient) async throws -> OAuthServerMetadata {
        let issuerString = issuer.absoluteString
        try OAuthEndpointCheck.require(secure: issuer)
        guard var parts = URLComponents(url: issuer, resolvingAgainstBaseURL: false), parts.query == nil, parts.fragment == nil else {
            throw OAuthError(.invalidRequest, description: "an issuer is a URL with no query or fragment: \(issuerString)")
        }
        let path = parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path
        parts.path = "/.well-known/oauth-authorization-server" + path
        let rfc8414 = parts.url
        let openID = URL(string: (issuerString.hasSuffix("/") ? String(issuerString.dropLast()) : issuerString) + "/.well-known/openid-configuration")
        var lastStatus: Int?
        for candidate in [rfc8414, openID].compactMap({ $0 }) {
            let response = try await http.send(ClientRequest(.get, url: candidate.absoluteString, headers: ["Accept": "application/json"]))
            let data = try await response.body.collect(upTo: 1 << 20)
            guard response.status.code == 200 else {
                lastStatus = response.status.code
                continue
            }
            let metadata: OAuthServerMetadata
            do {
                metadata = try JSONDecoder().decode(OAuthServerMetadata.self, from: data)
            } catch {
                throw OAuthError(.invalidResponse, description: "\(candidate.absoluteString) is not authorization server metadata (\(error))")
            }
            guard metadata.issuer == issuerString else {
                throw OAuthError(.issuerMismatch, description: "\(candidate.absoluteString) names the issuer \(metadata.issuer), not \(issuerString)")
            }
            try metadata.checkEndpoints()
            return metadata
        }
        throw OAuthError(
            .invalidResponse,
            description: "no authorization server metadata at \(issuerString) (HTTP \(lastStatus.map(String.init) ?? "?") for both well-known documents)",
            status: lastStatus)
    }

    /// Reads the metadata at `configuration`, an OpenID Connect discovery URL (an OpenAPI `openIdConnectUrl`):
    /// the document's `issuer` followed by `/.well-known/openid-configuration` must be that URL (OpenID Connect
    /// Discovery 1.0 §4.3).
    ///
    /// - Throws: as ``discover(issuer:using:)``.
    public static func discover(configuration: URL, using http: Client = OAuthSession.defaultHTTPClient) async throws -> OAuthServerMetadata {
        try OAuthEndpointCheck.require(secure: configuration)
        let response = try await http.send(ClientRequest(.get, url: configuration.absoluteString, headers: ["Accept": "application/json"]))
        let data = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code == 200 else {
            throw OAuthError(.invalidResponse, description: "\(configuration.absoluteString) answered HTTP \(response.status.code)", status: response.status.code)
        }
        let metadata: OAuthServerMetadata
        do {
            metadata = try JSONDecoder().decode(OAuthServerMetadata.self, from: data)
        } catch {
            throw OAuthError(.invalidResponse, description: "\(configuration.absoluteString) is not provider metadata (\(error))")
        }
        let trimmed = metadata.issuer.hasSuffix("/") ? String(metadata.issuer.dropLast()) : metadata.issuer
        guard trimmed + "/.well-known/openid-configuration" == configuration.absoluteString else {
            throw OAuthError(.issuerMismatch, description: "\(configuration.absoluteString) names the issuer \(metadata.issuer)")
        }
        try metadata.checkEndpoints()
        return metadata
    }

    /// Every endpoint is `https`, or `http` on the loopback interface.
    func checkEndpoints() throws {
        for endpoint in [authorizationEndpoint, tokenEndpoint, deviceAuthorizationEndpoint, revocationEndpoint].compactMap({ $0 }) {
            try OAuthEndpointCheck.require(secure: endpoint)
        }
    }
}

/// Credentials go over TLS, or stay on this machine.
enum OAuthEndpointCheck {
    static func require(secure url: URL) throws {
        let scheme = url.scheme?.lowercased()
        if scheme == "https" { return }
        if scheme == "http", let host = url.host, isLoopback(host) { return }
        throw OAuthError(
            .insecureEndpoint,
            description: "\(url.absoluteString): OAuth endpoints must be https (plain http only on 127.0.0.1, ::1 or localhost)")
    }

    /// `localhost`, `::1`, or an IPv4 address in 127.0.0.0/8 written as four numbers (`127.evil.example` is not).
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: ["[", "]"]).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }
    }
}
