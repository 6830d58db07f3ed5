extension Client {
    /// A client with the defaults people expect from URLSession, Alamofire or AsyncHTTPClient: it follows
    /// redirects safely and sends a `User-Agent`. The README starts with it.
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
    /// - ``followingRedirects(_:)`` with `redirects`: at most 10 hops, credentials dropped when a hop leaves
    ///   the origin, never from https to http.
    ///
    /// Each can be turned off: `Client.standard(transport: t, redirects: nil, userAgent: nil)` is
    /// `Client(transport: t)`.
    ///
    /// NOTE: a preset rather than defaults of ``init(transport:)``: a `Client` built from its transport
    /// stays exactly the stack its layers say (a 3xx is a response, no header is added), which tests,
    /// proxies and the layers themselves rely on; the preset is one obvious line for everyone else.
    ///
    /// - Parameters:
    ///   - transport: sends the requests.
    ///   - redirects: how redirects are followed; `nil` delivers a 3xx as it is.
    ///   - userAgent: the `User-Agent` of requests that set none; `nil` sends none.
    public static func standard(
        transport: some Transport,
        redirects: RedirectPolicy? = .default,
        userAgent: String? = Client.defaultUserAgent
    ) -> Client {
        var client = Client(transport: transport)
        if let userAgent { client = client.sendingUserAgent(userAgent) }
        if let redirects { client = client.followingRedirects(redirects) }
        return client
    }
}
