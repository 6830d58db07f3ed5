/// How ``Client/followingRedirects(_:)`` follows 3xx responses.
public struct RedirectPolicy: Sendable {
    /// The most redirects followed for one request; one more fails with
    /// ``NetworkError/Kind/tooManyRedirects``.
    public var maxRedirects: Int
    /// Whether a redirect from `https` to `http` is followed (credentials are still dropped, as for any
    /// change of origin). Off: it fails with ``NetworkError/Kind/insecureRedirect``.
    public var allowsInsecureRedirects = false
    /// Header names dropped, besides `Authorization`, `Proxy-Authorization` and `Cookie`, when a
    /// redirect leaves the origin (scheme, host and port) of the request: `X-Api-Key` and the like.
    public var sensitiveHeaders: Set<String> = []

    /// A policy that follows at most `maxRedirects` redirects.
    public init(maxRedirects: Int = 10) {
        precondition(maxRedirects >= 0, "maxRedirects must not be negative")
        self.maxRedirects = maxRedirects
    }

    /// At most 10 redirects, no https → http, the standard credential headers dropped across origins.
    public static let `default` = RedirectPolicy()
}
