import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// The Authlib authorization server `scripts/oauth-e2e.sh` starts (`Tests/OAuthServer/oauth_server.py`): its
/// address, its own counts, and its test controls.
struct AuthorizationServer {
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || ProcessInfo.processInfo.environment["COURIER_REQUIRE_E2E"] != nil
    }

    static var issuerURL: String? {
        ProcessInfo.processInfo.environment["OAUTH_ISSUER_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Set when the tests may run: the server is there, or its absence must fail them.
    static var isAvailable: Bool { issuerURL != nil || isRequired }

    let issuer: String
    /// A client with no layers: it follows no redirect, as a test of the server's answers needs.
    let http = Client(transport: AsyncHTTPClientTransport())

    init() throws {
        issuer = try #require(Self.issuerURL, "OAUTH_ISSUER_URL is not set: source scripts/oauth-e2e.sh")
    }

    var issuerURL: URL { URL(string: issuer)! }
    var api: URL { URL(string: issuer + "/api/me")! }

    /// The server's own counts (`GET /test/stats`).
    struct Stats: Decodable {
        struct LastTokenRequest: Decodable {
            var authMethod: String?
            var grantType: String?
            var formKeys: [String]?
            enum CodingKeys: String, CodingKey {
                case authMethod = "auth_method", grantType = "grant_type", formKeys = "form_keys"
            }
        }

        var tokenRequests: [String: Int]
        var refreshGrants: Int
        var reusedRefreshTokens: Int
        var apiRequests: Int
        var apiRejections: Int
        var devicePolls: [String: Int]
        var revocations: Int
        var lastTokenRequest: LastTokenRequest?

        enum CodingKeys: String, CodingKey {
            case tokenRequests = "token_requests", refreshGrants = "refresh_grants", reusedRefreshTokens = "reused_refresh_tokens"
            case apiRequests = "api_requests", apiRejections = "api_rejections", devicePolls = "device_polls"
            case revocations, lastTokenRequest = "last_token_request"
        }
    }

    func stats() async throws -> Stats {
        let response = try await http.send(ClientRequest(.get, url: issuer + "/test/stats"))
        return try JSONDecoder().decode(Stats.self, from: await response.body.collect(upTo: 1 << 20))
    }

    /// `POST /test/<path>` with form fields; the server's status must be 2xx.
    func control(_ path: String, _ fields: [String: String] = [:]) async throws {
        let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
        let response = try await http.send(ClientRequest(
            .post, url: issuer + "/test/" + path, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: .text(body)))
        _ = try await response.body.collect(upTo: 1 << 20)
        #expect((200..<300).contains(response.status.code), "POST /test/\(path) answered \(response.status.code)")
    }

    /// What a browser does with the authorization page: the server signs `alice` in at once and redirects; the
    /// redirect's URL comes back.
    func visit(_ page: URL) async throws -> URL {
        let response = try await http.send(ClientRequest(.get, url: page.absoluteString))
        _ = try await response.body.collect(upTo: 1 << 20)
        try #require(response.status.code == 302, "the authorization page answered \(response.status.code)")
        let location = try #require(response.head.headerFields[.location])
        return try #require(URL(string: location))
    }

    /// `GET /api/me` with `token`, as the API sees it: its status and body.
    func me(bearer token: String?) async throws -> (Int, String) {
        let response = try await http.send(ClientRequest(.get, url: api.absoluteString, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:]))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (response.status.code, String(decoding: body, as: UTF8.self))
    }
}

/// A clock whose sleeps return at once: each records its length, then runs `onSleep` with its number (from 1),
/// so a test can act at a chosen poll of the device flow.
struct StepClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let sleeps = Locked<[Duration]>([])
    let onSleep: @Sendable (Int) async throws -> Void

    init(onSleep: @escaping @Sendable (Int) async throws -> Void = { _ in }) {
        self.onSleep = onSleep
    }

    var now: Instant { Instant(offset: sleeps.withLock { $0.reduce(.zero, +) }) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let length = now.duration(to: deadline)
        let number = sleeps.withLock { sleeps in
            sleeps.append(length)
            return sleeps.count
        }
        try await onSleep(number)
    }
}
