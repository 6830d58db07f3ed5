import Foundation

/// What a token endpoint issued (RFC 6749 §5.1), as an ``OAuthTokenStore`` keeps it: the access token, when it
/// expires, the refresh token, the scope granted, an OpenID Connect ID token, and the issuer they belong to.
///
/// Its description never shows a token.
public struct OAuthTokens: Sendable, Hashable, Codable {
    /// The access token, sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// `Bearer`, as the server spelled it.
    public var tokenType: String
    /// When the access token expires; `nil` when the server did not say (it is then refreshed only after a 401).
    public var expiresAt: Date?
    /// The refresh token, when the grant issued one. With rotation, each refresh replaces it.
    public var refreshToken: String?
    /// The scope granted, when the server said (space-separated, RFC 6749 §3.3).
    public var scope: String?
    /// The OpenID Connect ID token, when the server sent one (not verified here: it is for the app to read).
    public var idToken: String?
    /// The issuer that issued them: a session never uses tokens from another issuer's store entry.
    public var issuer: String?

    /// Creates a token set.
    public init(
        accessToken: String, tokenType: String = "Bearer", expiresAt: Date? = nil, refreshToken: String? = nil,
        scope: String? = nil, idToken: String? = nil, issuer: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.scope = scope
        self.idToken = idToken
        self.issuer = issuer
    }
}

extension OAuthTokens: CustomStringConvertible, CustomDebugStringConvertible {
    /// What is there, never a token's value.
    public var description: String {
        var parts = ["access token <redacted>", "type \(tokenType)"]
        if let expiresAt { parts.append("expires \(expiresAt)") }
        if refreshToken != nil { parts.append("refresh token <redacted>") }
        if idToken != nil { parts.append("ID token <redacted>") }
        if let scope { parts.append("scope \(scope)") }
        if let issuer { parts.append("issuer \(issuer)") }
        return "OAuthTokens(" + parts.joined(separator: ", ") + ")"
    }

    /// The same as ``description``: `dump`, `print` and the debugger show no token either.
    public var debugDescription: String { description }
}

extension OAuthTokens: CustomReflectable {
    /// No token in `dump(_:)` or a test failure's diff.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description])
    }
}
