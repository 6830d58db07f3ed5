import Courier
import Foundation

extension Client {
    /// A client that signs the requests to `origins` with `session`'s access token (`Authorization: Bearer`),
    /// refreshed once for all the requests a `401` rejected, and sends every other request unsigned: an access
    /// token is for the API it was issued for, never for another origin (scheme, host and port compared).
    ///
    /// ```swift
    /// let api = Client(transport: AsyncHTTPClientTransport())
    ///     .authorizing(with: session, for: URL(string: "https://api.example.com")!)
    /// ```
    ///
    /// A failed sign-in or refresh reaches the caller as `NetworkError.Kind.authenticationFailed` with the
    /// ``OAuthError`` in `NetworkError.underlying`.
    public func authorizing(
        with session: OAuthSession,
        for origins: URL...,
        refreshingOn trigger: RefreshTrigger = .status([401]),
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        let allowed = Set(origins.compactMap(Origin.init))
        return when(RequestCondition { request in Origin(request).map(allowed.contains) ?? false }) {
            $0.authorizing(with: .bearer(session, refreshingOn: trigger), clock: clock)
        }
    }
}

/// Scheme, host and port, lowercased, with the scheme's default port filled in.
private struct Origin: Hashable {
    let scheme: String
    let host: String
    let port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.init(scheme: scheme, host: host, port: url.port)
    }

    init?(_ request: ClientRequest) {
        guard let scheme = request.head.scheme?.lowercased(), let authority = request.head.authority?.lowercased(),
            let url = URL(string: scheme + "://" + authority)
        else { return nil }
        self.init(url)
    }

    private init?(scheme: String, host: String, port: Int?) {
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        guard let port = port ?? defaultPort else { return nil }
        self.scheme = scheme
        self.host = host.trimmingCharacters(in: ["[", "]"])
        self.port = port
    }
}
