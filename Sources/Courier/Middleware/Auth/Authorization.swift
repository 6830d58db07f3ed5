import Foundation

/// How ``Client/authorizing(with:clock:)`` signs requests: a fixed ``Credential``, or tokens from a
/// ``TokenProvider`` that are refreshed when the server rejects them or when they are about to expire.
///
/// ```swift
/// let fixed = client.authorizing(with: .basic(username: "guest", password: "guest"))
/// let refreshing = client.authorizing(with: .bearer(tokens))                 // refresh on 401
/// let picky = client.authorizing(with: .bearer(tokens, refreshingOn: .status([401, 403])))
/// ```
public struct Authorization: Sendable {
    enum Source: Sendable {
        case fixed(Credential)
        case tokens(any TokenProvider, credential: @Sendable (String) -> Credential, trigger: RefreshTrigger, leeway: Duration, limit: RefreshLimit)
    }

    let source: Source

    /// Signs every request with `credential`.
    public static func credential(_ credential: Credential) -> Authorization {
        Authorization(source: .fixed(credential))
    }

    /// `Authorization: Basic …` on every request.
    public static func basic(username: String, password: String) -> Authorization {
        .credential(.basic(username: username, password: password))
    }

    /// `Authorization: Bearer <token>` on every request, with a token that never changes.
    public static func bearer(_ token: String) -> Authorization {
        .credential(.bearer(token))
    }

    /// `Authorization: <field> <data>` on every request.
    public static func custom(field: String, data: String) -> Authorization {
        .credential(.custom(field: field, data: data))
    }

    /// `Authorization: Bearer <token>` with tokens from `provider`: refreshed once (for all the requests
    /// waiting) when a response matches `trigger`, and before sending when the token expires within
    /// `leeway` (or has lived half its life, when that comes first); at most `limit` refreshes per window.
    public static func bearer(
        _ provider: some TokenProvider,
        refreshingOn trigger: RefreshTrigger = .status([401]),
        leeway: Duration = .seconds(30),
        limit: RefreshLimit = RefreshLimit()
    ) -> Authorization {
        .tokens(provider, as: { .bearer($0) }, refreshingOn: trigger, leeway: leeway, limit: limit)
    }

    /// Tokens from `provider`, put on the wire by `credential` (`{ .custom(field: "Token", data: $0) }`,
    /// `{ .apiKey($0, header: "X-Session") }`), refreshed as ``bearer(_:refreshingOn:leeway:limit:)`` describes.
    public static func tokens(
        _ provider: some TokenProvider,
        as credential: @escaping @Sendable (String) -> Credential,
        refreshingOn trigger: RefreshTrigger = .status([401]),
        leeway: Duration = .seconds(30),
        limit: RefreshLimit = RefreshLimit()
    ) -> Authorization {
        Authorization(source: .tokens(provider, credential: credential, trigger: trigger, leeway: leeway, limit: limit))
    }
}

/// The most refreshes one client may start in a window: a server that rejects every new token would
/// otherwise have the client refresh forever. Past it, callers fail with
/// ``NetworkError/Kind/authenticationFailed`` and an ``ExcessiveRefresh`` cause.
public struct RefreshLimit: Sendable, Hashable {
    /// Refreshes allowed in one window.
    public var count: Int
    /// The window.
    public var window: Duration

    /// Ten refreshes a minute unless told otherwise.
    public init(count: Int = 10, per window: Duration = .seconds(60)) {
        precondition(count > 0 && window > .zero, "a refresh limit needs a positive count and window")
        self.count = count
        self.window = window
    }
}

/// Why a refresh was not started: the ``RefreshLimit`` was reached.
public struct ExcessiveRefresh: Error, Sendable, CustomStringConvertible {
    /// The limit that was reached.
    public var limit: RefreshLimit

    public var description: String {
        "more than \(limit.count) token refreshes in \(limit.window): the server rejects every new token"
    }
}

/// Which responses mean "the token was rejected: refresh it and send the request again".
public struct RefreshTrigger: Sendable {
    let statuses: Set<Int>
    let bodyMarker: String?

    /// A response with one of `statuses` (401 unless told otherwise).
    public static func status(_ statuses: Set<Int> = [401]) -> RefreshTrigger {
        RefreshTrigger(statuses: statuses, bodyMarker: nil)
    }

    /// A response with one of `statuses` whose body contains `marker` (an API that says
    /// `{"code":"token_expired"}` with a 400 or 403). The first 64 KiB of such a body is read to look.
    public static func bodyContaining(_ marker: String, statuses: Set<Int> = [400, 401, 403]) -> RefreshTrigger {
        RefreshTrigger(statuses: statuses, bodyMarker: marker)
    }

    /// Whether `response` asks for a refresh; a body that had to be read comes back in memory.
    func matches(_ response: ClientResponse) async -> (Bool, ClientResponse) {
        guard statuses.contains(response.status.code) else { return (false, response) }
        guard let bodyMarker else { return (true, response) }
        var response = response
        let data = (try? await response.body.collect(upTo: 64 * 1024)) ?? Data()
        response.body = ResponseBody(data)
        return (String(decoding: data, as: UTF8.self).contains(bodyMarker), response)
    }
}
