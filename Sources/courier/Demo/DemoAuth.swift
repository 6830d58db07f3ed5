import Courier
import CourierTesting
import Foundation

/// Tokens from the demo server: an expired one first, then whatever `/auth/token` issues.
actor DemoTokens: TokenProvider {
    struct Grant: Decodable { var token: String }

    let auth: Client

    init(auth: Client) {
        self.auth = auth
    }

    func token() async throws -> Token {
        Token("expired")
    }

    func refreshedToken() async throws -> Token {
        Token(try await auth.send(Endpoint<Grant>(method: .post, path: "/auth/token")).token)
    }
}

/// The demo's authentication and redirect steps, counted at the servers.
struct DemoAuth {
    let shared: Client
    let production: TestServer
    let staging: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("Token refresh under concurrency", "20 requests start with an expired token; all get 401 at once, one refresh runs for all of them, each is sent once more.")
        let tokens = DemoTokens(auth: shared.targeting(production.server))
        let client = shared.followingRedirects().authorizing(with: .bearer(tokens)).targeting(production.server)
        let answers = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask { try await client.send(Endpoint<[String: Bool]>(path: "/auth/protected/\(index)"))["ok"] == true }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        steps.say("\(answers) of 20 succeeded; the token route was called \(await production.hits("/auth/token")) time")

        steps.step("A redirect to another origin", "production redirects to staging: `.followingRedirects()` drops the Authorization header on the way.")
        let target = staging.baseURL + "/echo/landing"
        let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/redirect-to", query: [URLQueryItem(name: "url", value: target)]))
        steps.say("staging received \(echo.method) \(echo.path) with Authorization: \(echo.headers["authorization"] ?? "none")")
    }
}
