import Foundation

/// The app as the authorization server knows it: its `client_id`, and how it proves it at the token endpoint
/// (RFC 6749 §2.3).
///
/// ```swift
/// let service = OAuthClientRegistration(id: "reports", authentication: .clientSecretBasic("s3cr3t"))
/// let app = OAuthClientRegistration(id: "ios-app")        // a public client: PKCE, no secret
/// ```
public struct OAuthClientRegistration: Sendable, Hashable {
    /// How the client authenticates at the token, device and revocation endpoints.
    public enum Authentication: Sendable, Hashable {
        /// A public client (an app, a command-line tool): `client_id` in the body, no secret. Use PKCE.
        case none
        /// `Authorization: Basic` with the form-encoded id and secret (RFC 6749 §2.3.1; the servers' default).
        case clientSecretBasic(String)
        /// `client_id` and `client_secret` in the request body (RFC 6749 §2.3.1, where the server asks for it).
        case clientSecretPost(String)
    }

    /// The `client_id`.
    public var id: String
    /// How the client authenticates.
    public var authentication: Authentication

    /// Creates a registration; a public client unless `authentication` says otherwise.
    public init(id: String, authentication: Authentication = .none) {
        self.id = id
        self.authentication = authentication
    }
}

extension OAuthClientRegistration: CustomStringConvertible {
    /// The id and the method, never the secret.
    public var description: String {
        let method = switch authentication {
        case .none: "none"
        case .clientSecretBasic: "client_secret_basic, secret <redacted>"
        case .clientSecretPost: "client_secret_post, secret <redacted>"
        }
        return "OAuthClientRegistration(id: \(id), \(method))"
    }
}

extension OAuthClientRegistration.Authentication: CustomStringConvertible {
    /// The method, never the secret.
    public var description: String {
        switch self {
        case .none: "none"
        case .clientSecretBasic: "clientSecretBasic(<redacted>)"
        case .clientSecretPost: "clientSecretPost(<redacted>)"
        }
    }
}

extension OAuthClientRegistration: CustomReflectable {
    /// No secret in `dump(_:)` or a test failure's diff.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "authentication": authentication.description])
    }
}

extension OAuthClientRegistration.Authentication: CustomReflectable {
    /// No secret in `dump(_:)` or a test failure's diff.
    public var customMirror: Mirror {
        Mirror(self, children: ["method": description])
    }
}
