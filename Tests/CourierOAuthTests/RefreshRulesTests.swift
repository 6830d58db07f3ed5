import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierOAuth

/// When a refresh token counts as spent, with a token endpoint that answers from a script: a refusal the server
/// answered leaves it usable, a lost answer spends it (it is never sent twice), `invalid_grant` signs out.
@Suite struct RefreshRulesTests {
    /// Answers each request with the next of `answers` (a status and a body, or an error), recording the bodies.
    struct ScriptedTokenEndpoint: Transport {
        let answers: Locked<[Result<(Int, String), NetworkError>]>
        let bodies = Locked<[String]>([])

        init(_ answers: [Result<(Int, String), NetworkError>]) {
            self.answers = Locked(answers)
        }

        func send(_ request: ClientRequest) async throws -> ClientResponse {
            bodies.withLock { $0.append(String(decoding: request.body.bufferedData ?? Data(), as: UTF8.self)) }
            let next = answers.withLock { $0.isEmpty ? .success((500, "{}")) : $0.removeFirst() }
            let (status, body) = try next.get()
            return ClientResponse(head: HTTPResponse(status: .init(code: status)), body: ResponseBody(Data(body.utf8)), request: request)
        }
    }

    private let issued = (200, #"{"access_token":"a2","token_type":"Bearer","refresh_token":"r2","expires_in":60}"#)

    private func session(_ endpoint: ScriptedTokenEndpoint) -> (OAuthSession, InMemoryTokenStore) {
        let store = InMemoryTokenStore(OAuthTokens(accessToken: "a1", expiresAt: .distantPast, refreshToken: "r1", issuer: "https://as.example"))
        let server = OAuthServerMetadata(issuer: "https://as.example", tokenEndpoint: URL(string: "https://as.example/token")!)
        return (OAuthSession(server: server, client: OAuthClientRegistration(id: "app"), store: store, http: Client(transport: endpoint)), store)
    }

    @Test func aRefusalTheServerAnsweredLeavesTheTokenUsable() async throws {
        let endpoint = ScriptedTokenEndpoint([.success((503, #"{"error":"temporarily_unavailable"}"#)), .success(issued)])
        let (session, store) = session(endpoint)
        await #expect(throws: OAuthError(.temporarilyUnavailable, status: 503)) { _ = try await session.refreshedToken() }
        #expect(await store.load()?.refreshToken == "r1")
        #expect(try await session.refreshedToken().value == "a2")
        #expect(await store.load()?.refreshToken == "r2")
        #expect(endpoint.bodies.withLock { $0 }.allSatisfy { $0.contains("refresh_token=r1") })
        #expect(endpoint.bodies.withLock { $0.count } == 2)
    }

    @Test func aLostAnswerSpendsTheTokenAndItIsNeverSentAgain() async throws {
        let endpoint = ScriptedTokenEndpoint([.failure(NetworkError(.connectionClosed)), .success(issued)])
        let (session, store) = session(endpoint)
        await #expect(throws: NetworkError.self) { _ = try await session.refreshedToken() }
        do {
            _ = try await session.refreshedToken()
            Issue.record("a refresh token whose answer was lost was sent again")
        } catch let error as OAuthError {
            #expect(error.code == .signInRequired)
        }
        #expect(endpoint.bodies.withLock { $0.count } == 1)
        #expect(await store.load() == nil)
    }

    @Test func aRequestThatNeverLeftDoesNotSpendIt() async throws {
        let endpoint = ScriptedTokenEndpoint([.failure(NetworkError(.cannotConnect)), .success(issued)])
        let (session, _) = session(endpoint)
        await #expect(throws: NetworkError.self) { _ = try await session.refreshedToken() }
        #expect(try await session.refreshedToken().value == "a2")
    }

    @Test func invalidGrantSignsOut() async throws {
        let endpoint = ScriptedTokenEndpoint([.success((400, #"{"error":"invalid_grant","error_description":"revoked"}"#))])
        let (session, store) = session(endpoint)
        await #expect(throws: OAuthError(.invalidGrant, description: "revoked", status: 400)) { _ = try await session.refreshedToken() }
        #expect(await store.load() == nil)
        await #expect(throws: OAuthError.self) { _ = try await session.token() }
        #expect(endpoint.bodies.withLock { $0.count } == 1, "nothing more was sent")
    }
}
