import Foundation

/// One cookie as a ``CookieJar`` keeps it: what a `Set-Cookie` field said, resolved against the URL of
/// the response that set it (RFC 6265 §5.3).
///
/// A cookie is sent to a request whose host is ``domain`` (or, unless it ``isHostOnly``, a subdomain of
/// it), whose path is ``path`` or below it, over https when it ``isSecure``, until ``expiresAt``.
public struct Cookie: Sendable, Hashable, Codable {
    /// The `SameSite` attribute (RFC 6265bis §4.1.2.7).
    ///
    /// Stored as the server said it and **never enforced**: Courier sends requests on its own behalf,
    /// with no page and no site they are made from, so "cross-site" has no meaning for it.
    public enum SameSite: String, Sendable, Hashable, Codable {
        /// `SameSite=Strict`.
        case strict
        /// `SameSite=Lax`.
        case lax
        /// `SameSite=None`.
        case none
    }

    /// The name, as the server wrote it (names are case-sensitive).
    public var name: String
    /// The value, exactly as the server wrote it: surrounding double quotes are part of it.
    public var value: String
    /// The host (for a host-only cookie) or the domain the cookie belongs to: lower-case, without a
    /// leading dot.
    public var domain: String
    /// The path the cookie is sent under: the `Path` attribute, or the directory of the URL that set it.
    public var path: String
    /// When the cookie expires (from `Max-Age`, else `Expires`); `nil` for a session cookie, which lives
    /// only as long as the jar in memory and is never written to a file.
    public var expiresAt: Date?
    /// `Secure`: sent only over https (and, in Courier, only accepted from an https response).
    public var isSecure: Bool
    /// `HttpOnly`: kept and sent like any other cookie. The flag hides cookies from scripts in a
    /// browser; a request sent by Courier is always "HTTP", so it changes nothing here.
    public var isHTTPOnly: Bool
    /// Whether the cookie is sent only to ``domain`` itself: true when `Set-Cookie` had no `Domain`
    /// attribute (or named a public suffix or an IP address that is the host itself).
    public var isHostOnly: Bool
    /// The `SameSite` attribute, stored but not enforced; `nil` when absent or not understood.
    public var sameSite: SameSite?
    /// When the cookie was first stored; a cookie that replaces another keeps the older time. It orders
    /// cookies of equally long paths in the `Cookie` header (RFC 6265 §5.4).
    public var createdAt: Date

    /// Whether the cookie has an expiry time, and so outlives the jar when the jar persists to a file.
    public var isPersistent: Bool { expiresAt != nil }

    /// Creates a cookie from its parts (a ``CookieJar`` makes its own from `Set-Cookie` fields).
    public init(
        name: String,
        value: String,
        domain: String,
        path: String = "/",
        expiresAt: Date? = nil,
        isSecure: Bool = false,
        isHTTPOnly: Bool = false,
        isHostOnly: Bool = true,
        sameSite: SameSite? = nil,
        createdAt: Date
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expiresAt = expiresAt
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.isHostOnly = isHostOnly
        self.sameSite = sameSite
        self.createdAt = createdAt
    }

    /// Whether the cookie has expired at `now`.
    func hasExpired(at now: Date) -> Bool {
        expiresAt.map { $0 <= now } ?? false
    }
}
