import Courier
import CourierAsyncHTTPClient
import Foundation
import OAuthAPI
import Testing

@testable import CourierOAuth

/// The generated client of `Tests/OpenAPIFixtures/oauth-api-3.2.yaml` (its `oauth2` and `openIdConnect` schemes),
/// signed by the flows the generator wrote, against the Authlib server's protected routes.
extension OnTheAuthorizationServer {
    @Suite struct GeneratedOAuthWiringTests {
        let server: AuthorizationServer
        let http = Client(transport: AsyncHTTPClientTransport())

        init() async throws {
            server = try AuthorizationServer()
            try await server.control("reset")
        }

        /// The generated client, pointed at the test server, signing with `appAuth`.
        private func api(signingWith session: OAuthSession) throws -> Client {
            Client(transport: AsyncHTTPClientTransport())
                .authorizingOAuthAPI(appAuth: .oAuthAPIAppAuth(session))
                .targeting(try Server(url: server.issuer))
        }

        @Test func clientCredentialsFromTheDocument() async throws {
            let session = OAuthAPIAppAuth.clientCredentials(
                client: OAuthClientRegistration(id: "service", authentication: .clientSecretBasic("service-secret")),
                relativeTo: server.issuerURL, http: http)
            // The document's token URL, resolved against the server, and its scopes.
            #expect(session.server.tokenEndpoint.absoluteString == server.issuer + "/token")
            #expect(session.scopes == ["read", "write"])
            #expect(OAuthAPIAppAuth.clientCredentialsScopes.map(\.key) == ["read", "write"])
            let api = try api(signingWith: session)
            let me = try await api.send(API.general.getMe())
            #expect(me.sub == "service")
            let pets = try await api.send(API.general.listPets())
            #expect(pets.map(\.name) == ["Rex"])
            #expect(try await server.stats().tokenRequests["client_credentials"] == 1, "one token for both operations")
        }

        @Test func authorizationCodeFromTheDocument() async throws {
            let session = OAuthAPIAppAuth.authorizationCode(client: OAuthClientRegistration(id: "app"), relativeTo: server.issuerURL, http: http)
            #expect(session.server.authorizationEndpoint?.absoluteString == server.issuer + "/authorize")
            let server = server
            try await session.signIn(redirectURI: URL(string: "com.example.app:/callback")!) { try await server.visit($0) }
            let me = try await api(signingWith: session).send(API.general.getMe())
            #expect(me.sub == "alice")
            #expect(me.clientId == "app")
        }

        @Test func deviceAuthorizationFromTheDocument() async throws {
            let server = server
            let session = OAuthAPIAppAuth.deviceAuthorization(
                client: OAuthClientRegistration(id: "app"), relativeTo: server.issuerURL, http: http, clock: StepClock())
            #expect(session.scopes == ["read"])
            try await session.signIn(device: { try await server.control("device/approve", ["user_code": $0.userCode]) })
            let me = try await api(signingWith: session).send(API.general.getMe())
            #expect(me.sub == "alice")
        }

        @Test func openIDConnectDiscoveryFromTheDocument() async throws {
            let metadata = try await OAuthAPIOidc.discover(relativeTo: server.issuerURL, using: http)
            #expect(metadata.issuer == server.issuer)
            #expect(metadata.tokenEndpoint.absoluteString == server.issuer + "/token")
        }

        @Test func anOperationWithoutAToken() async throws {
            // No scheme configured: the protected route refuses, and the generated endpoint reports the status.
            let api = Client(transport: AsyncHTTPClientTransport()).targeting(try Server(url: server.issuer))
            await #expect(throws: NetworkError.self) { _ = try await api.send(API.general.getMe()) }
        }
    }
}
