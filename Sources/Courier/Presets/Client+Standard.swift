extension Client {
    /// A client with the defaults people expect from URLSession, Alamofire or AsyncHTTPClient: it follows
    /// redirects safely, keeps cookies for its lifetime and sends a `User-Agent`. The README starts with it.
    ///
    /// ```swift
    /// let client = Client.standard(transport: URLSessionTransport())
    ///     .retrying(.default)
    ///     .targeting(.production)
    /// ```
    ///
    /// From the transport outwards:
    /// - ``sendingUserAgent(_:)`` with `userAgent` (``defaultUserAgent``, `Courier/<version>`), unless the
    ///   request sets its own;
    /// - ``storingCookies(in:)`` with `cookies`, an in-memory ``CookieJar`` unless you pass your own (one
    ///   persisted to a file, or one shared by several clients); inside the redirects, so that a cookie set
    ///   by one hop is sent on the next;
    /// - ``followingRedirects(_:)`` with `redirects`: at most 10 hops, credentials dropped when a hop leaves
    ///   the origin, never from https to http.
    ///
    /// Each can be turned off: `Client.standard(transport: t, redirects: nil, cookies: nil, userAgent: nil)`
    /// is `Client(transport: t)`.
    ///
    /// It does not read `http_proxy` and the other proxy variables: a proxy is the transport's, which you
    /// build and hand in, so reading the environment is one visible line there
    /// (`AsyncHTTPClientTransport.Configuration(proxies: try .environment())`, ``ProxySettings/environment(_:)``).
    ///
    /// NOTE: a preset rather than defaults of ``init(transport:)``: a `Client` built from its transport
    /// stays exactly the stack its layers say (a 3xx is a response, no header is added, nothing is
    /// remembered between requests), which tests, proxies and the layers themselves rely on; the preset is
    /// one obvious line for everyone else.
    ///
    /// - Parameters:
    ///   - transport: sends the requests.
    ///   - redirects: how redirects are followed; `nil` delivers a 3xx as it is.
    ///   - cookies: where cookies are kept; `nil` keeps none.
    ///   - userAgent: the `User-Agent` of requests that set none; `nil` sends none.
    public static func standard(
        transport: some Transport,
        redirects: RedirectPolicy? = .default,
        cookies: CookieJar? = CookieJar(),
        userAgent: String? = Client.defaultUserAgent
    ) -> Client {
        var client = Client(transport: transport)
        if let userAgent { client = client.sendingUserAgent(userAgent) }
        if let cookies { client = client.storingCookies(in: cookies) }
        if let redirects { client = client.followingRedirects(redirects) }
        return client
    }
}
