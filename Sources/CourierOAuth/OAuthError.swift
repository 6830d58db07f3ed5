import Foundation

/// Why an OAuth 2.0 step failed: an error the authorization server answered (RFC 6749 §5.2, §4.1.2.1, RFC 8628
/// §3.5, RFC 7009 §2.2.1), each with its own ``Code``, or a check Courier made on the client's side.
///
/// The server's `error_description` and `error_uri` are kept as they came. Nothing secret is ever part of an
/// `OAuthError`: not a token, a code, a verifier or a client secret.
///
/// ```swift
/// do {
///     try await session.signIn(device: { print("Open \($0.verificationURI) and enter \($0.userCode)") })
/// } catch let error as OAuthError where error.code == .accessDenied {
///     print("The user said no.")
/// }
/// ```
public struct OAuthError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        // RFC 6749 §5.2: the token endpoint.
        /// `invalid_request`: a parameter is missing, repeated or malformed.
        case invalidRequest
        /// `invalid_client`: the client is unknown, or its authentication failed.
        case invalidClient
        /// `invalid_grant`: the code, refresh token or device code is invalid, expired, revoked or was issued to
        /// another client, or the PKCE verifier does not match. On a refresh, the session signs the user out.
        case invalidGrant
        /// `unauthorized_client`: this client may not use this grant.
        case unauthorizedClient
        /// `unsupported_grant_type`: the server does not offer this grant.
        case unsupportedGrantType
        /// `invalid_scope`: a scope asked for is unknown or exceeds what was granted.
        case invalidScope
        // RFC 6749 §4.1.2.1: the authorization endpoint's redirect.
        /// `unsupported_response_type`: the server does not issue codes this way.
        case unsupportedResponseType
        /// `server_error`: the authorization server failed.
        case serverError
        /// `temporarily_unavailable`: the authorization server is overloaded or down for maintenance.
        case temporarilyUnavailable
        // RFC 8628 §3.5: the device flow.
        /// `authorization_pending`: the user has not finished yet (the session keeps polling).
        case authorizationPending
        /// `slow_down`: poll less often (the session adds 5 seconds to the interval).
        case slowDown
        /// `access_denied`: the user (or the server) refused.
        case accessDenied
        /// `expired_token`: the device code expired before the user finished.
        case expiredToken
        // RFC 7009 §2.2.1: revocation.
        /// `unsupported_token_type`: the server cannot revoke this kind of token.
        case unsupportedTokenType
        /// Another code the server sent, as it sent it.
        case other(String)

        // Checks on the client's side.
        /// The redirect's `state` is not the one this sign-in sent: the redirect may be forged (RFC 6749 §10.12).
        case stateMismatch
        /// The redirect did not come back to the redirect URI this sign-in sent.
        case redirectMismatch
        /// The server's metadata, or a redirect's `iss`, names another issuer than the one asked for (RFC 8414
        /// §3.3, RFC 9207).
        case issuerMismatch
        /// No token is stored and none can be obtained without the user: sign in first.
        case signInRequired
        /// The server does not offer this step (no device or revocation endpoint in its metadata).
        case notOffered
        /// An endpoint is plain `http` on a host other than the loopback interface: credentials would travel in
        /// clear text (RFC 6749 §3.2).
        case insecureEndpoint
        /// The server answered with something that is not what RFC 6749 describes (a status, a body).
        case invalidResponse

        /// The code as the server spells it, or a description of a client-side check.
        public var name: String {
            switch self {
            case .invalidRequest: "invalid_request"
            case .invalidClient: "invalid_client"
            case .invalidGrant: "invalid_grant"
            case .unauthorizedClient: "unauthorized_client"
            case .unsupportedGrantType: "unsupported_grant_type"
            case .invalidScope: "invalid_scope"
            case .unsupportedResponseType: "unsupported_response_type"
            case .serverError: "server_error"
            case .temporarilyUnavailable: "temporarily_unavailable"
            case .authorizationPending: "authorization_pending"
            case .slowDown: "slow_down"
            case .accessDenied: "access_denied"
            case .expiredToken: "expired_token"
            case .unsupportedTokenType: "unsupported_token_type"
            case .other(let code): code
            case .stateMismatch: "state mismatch"
            case .redirectMismatch: "redirect mismatch"
            case .issuerMismatch: "issuer mismatch"
            case .signInRequired: "sign-in required"
            case .notOffered: "not offered"
            case .insecureEndpoint: "insecure endpoint"
            case .invalidResponse: "invalid response"
            }
        }

        /// The code for the server's `error` value.
        public init(serverCode: String) {
            let known: [Code] = [
                .invalidRequest, .invalidClient, .invalidGrant, .unauthorizedClient, .unsupportedGrantType, .invalidScope,
                .unsupportedResponseType, .serverError, .temporarilyUnavailable, .authorizationPending, .slowDown,
                .accessDenied, .expiredToken, .unsupportedTokenType,
            ]
            self = known.first { $0.name == serverCode } ?? .other(serverCode)
        }
    }

    /// What went wrong.
    public var code: Code
    /// The server's `error_description`, or Courier's explanation of a client-side check.
    public var detail: String?
    /// The server's `error_uri`: a page about the error.
    public var errorURI: String?
    /// The HTTP status the server answered with, when the error came from a response.
    public var status: Int?

    /// Creates an error.
    public init(_ code: Code, description: String? = nil, uri: String? = nil, status: Int? = nil) {
        self.code = code
        self.detail = description
        self.errorURI = uri
        self.status = status
    }
}

extension OAuthError: CustomStringConvertible {
    /// `OAuth error invalid_grant: The refresh token was revoked (HTTP 400)`.
    public var description: String {
        var text = "OAuth error \(code.name)"
        if let detail { text += ": " + detail }
        if let status { text += " (HTTP \(status))" }
        if let errorURI { text += ", see " + errorURI }
        return text
    }
}

extension OAuthError: LocalizedError {
    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
