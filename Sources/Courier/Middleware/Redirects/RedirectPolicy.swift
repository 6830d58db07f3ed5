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

enum CrossesOriginOptionKey: RequestOptionKey {
    static let defaultValue = false
}

enum CredentialHeadersOptionKey: RequestOptionKey {
    static let defaultValue: Set<String> = []
}

enum RedirectsOptionKey: RequestOptionKey {
    static let defaultValue: [String] = []
}

extension RequestOptions {
    /// Whether this request is a redirect that left the origin of the request the caller made, so that
    /// layers below (``Client/authorizing(with:clock:)``) do not sign it.
    public internal(set) var crossesOrigin: Bool {
        get { self[CrossesOriginOptionKey.self] }
        set { self[CrossesOriginOptionKey.self] = newValue }
    }

    /// Lower-cased names of headers that carry a credential on this request (an API key header set by a
    /// ``Credential``, say): ``Client/followingRedirects(_:)`` drops them, with `Authorization` and
    /// `Cookie`, when a redirect leaves the origin.
    public var credentialHeaders: Set<String> {
        get { self[CredentialHeadersOptionKey.self] }
        set { self[CredentialHeadersOptionKey.self] = newValue }
    }

    /// The URLs this request was redirected from, first to last, without userinfo; empty when it was
    /// not redirected. A response's `request.url` is where it came from.
    public internal(set) var redirects: [String] {
        get { self[RedirectsOptionKey.self] }
        set { self[RedirectsOptionKey.self] = newValue }
    }
}
