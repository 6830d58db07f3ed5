import Foundation
import HTTPTypes

/// The middleware behind ``Client/storingCookies(in:)``.
struct StoringCookies: Middleware {
    let jar: CookieJar

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // A relative request has no host to match cookies with yet; `targeting(_:)` belongs outside.
        guard let url = request.url else { return try await next(request) }
        var sent = request
        if let header = jar.cookieHeader(for: url) {
            // The caller's own cookies come first: servers that see a name twice usually take the first.
            let callers = request.head.headerFields[.cookie]
            sent.head.headerFields[.cookie] = callers.map { "\($0); \(header)" } ?? header
        }
        let response = try await next(sent)
        // Every response counts, a 3xx or a 5xx too; its cookies belong to the URL that answered.
        jar.storeCookies(from: response.head.headerFields, for: response.request.url ?? url)
        return response
    }
}

extension Client {
    /// A client that keeps cookies in `jar`: it adds a `Cookie` header with the jar's cookies for each
    /// request's URL, and stores the `Set-Cookie` fields of every response (RFC 6265).
    ///
    /// A `Cookie` header the request already has is kept, and the jar's cookies follow it.
    ///
    /// Place it **inside** ``followingRedirects(_:)``, so that it sees every hop of a redirect chain: a
    /// cookie set by a 302 is sent to the URL it redirects to. Place it **outside**
    /// ``caching(in:configuration:clock:)``, so that the cache sees the `Cookie` header (it only serves
    /// a stored response to a request with the same cookies; it never stores `Set-Cookie`). It needs an
    /// absolute URL: place it inside ``targeting(_:)``.
    ///
    /// ```swift
    /// let jar = CookieJar()
    /// let client = Client(transport: URLSessionTransport())
    ///     .caching(in: MemoryCacheStore(maxBytes: 10 * 1024 * 1024))
    ///     .storingCookies(in: jar)      // sees each hop, and adds cookies the cache can see
    ///     .followingRedirects()
    ///     .targeting(.production)
    /// ```
    ///
    /// Share one jar between clients to share their cookies; see <doc:Cookies>.
    public func storingCookies(in jar: CookieJar = CookieJar()) -> Client {
        with(StoringCookies(jar: jar))
    }
}
