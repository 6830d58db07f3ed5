// Declared in the core: an error's hint reads `redirects`, pagination refuses a next page that `crossesOrigin`, and
// two built-ins share them (authorization writes `credentialHeaders` and does not sign a request that `crossesOrigin`;
// following redirects reads the first and writes the other two).

/// Whether a request is a redirect that left the origin of the caller's request.
enum CrossesOriginOptionKey: RequestOptionKey {
    static let defaultValue = false
}

/// The headers of a request that carry a credential.
enum CredentialHeadersOptionKey: RequestOptionKey {
    static let defaultValue: Set<String> = []
}

/// The URLs a request was redirected from.
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
