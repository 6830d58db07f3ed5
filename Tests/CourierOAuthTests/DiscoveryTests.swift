import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierOAuth

/// Discovery's choices, each with documents served by a transport that answers from a table: which well-known
/// URL is read first, the fallback to OpenID Connect's, and the issuer check (RFC 8414 §3.3).
@Suite struct DiscoveryTests {
    /// Answers each URL from `documents` (status and body), anything else 404, and records what was asked.
    struct Documents: Transport {
        let documents: [String: (Int, String)]
        let asked = Locked<[String]>([])

        func send(_ request: ClientRequest) async throws -> ClientResponse {
            let url = "\(request.head.scheme ?? "")://\(request.head.authority ?? "")\(request.head.path ?? "")"
            asked.withLock { $0.append(url) }
            let (status, body) = documents[url] ?? (404, "{}")
            return ClientResponse(head: HTTPResponse(status: .init(code: status)), body: ResponseBody(Data(body.utf8)), request: request)
        }
    }

    private func metadata(issuer: String) -> String {
        #"{"issuer":"\#(issuer)","token_endpoint":"\#(issuer)/token","authorization_endpoint":"\#(issuer)/authorize"}"#
    }

    @Test func rfc8414InsertsTheWellKnownPathBeforeTheIssuersPath() async throws {
        let documents = Documents(documents: [
            "https://as.example/.well-known/oauth-authorization-server/tenant1": (200, metadata(issuer: "https://as.example/tenant1")),
        ])
        let found = try await OAuthServerMetadata.discover(issuer: URL(string: "https://as.example/tenant1")!, using: Client(transport: documents))
        #expect(found.tokenEndpoint.absoluteString == "https://as.example/tenant1/token")
        #expect(documents.asked.withLock { $0 } == ["https://as.example/.well-known/oauth-authorization-server/tenant1"])
    }

    @Test func fallsBackToOpenIDConnectsDocument() async throws {
        let documents = Documents(documents: [
            "https://as.example/tenant1/.well-known/openid-configuration": (200, metadata(issuer: "https://as.example/tenant1")),
        ])
        let found = try await OAuthServerMetadata.discover(issuer: URL(string: "https://as.example/tenant1")!, using: Client(transport: documents))
        #expect(found.authorizationEndpoint?.absoluteString == "https://as.example/tenant1/authorize")
        #expect(documents.asked.withLock { $0 } == [
            "https://as.example/.well-known/oauth-authorization-server/tenant1", "https://as.example/tenant1/.well-known/openid-configuration",
        ])
    }

    @Test func aDocumentNamingAnotherIssuerIsRefused() async throws {
        let documents = Documents(documents: [
            "https://as.example/.well-known/oauth-authorization-server": (200, metadata(issuer: "https://evil.example")),
        ])
        do {
            _ = try await OAuthServerMetadata.discover(issuer: URL(string: "https://as.example")!, using: Client(transport: documents))
            Issue.record("another issuer's metadata was accepted")
        } catch let error as OAuthError {
            #expect(error.code == .issuerMismatch)
        }
    }

    @Test func neitherDocumentIsInvalidResponse() async throws {
        do {
            _ = try await OAuthServerMetadata.discover(issuer: URL(string: "https://as.example")!, using: Client(transport: Documents(documents: [:])))
            Issue.record("discovery without documents succeeded")
        } catch let error as OAuthError {
            #expect(error.code == .invalidResponse)
            #expect(error.status == 404)
        }
    }

    @Test func anEndpointInClearTextIsRefused() async throws {
        let documents = Documents(documents: [
            "https://as.example/.well-known/oauth-authorization-server":
                (200, #"{"issuer":"https://as.example","token_endpoint":"http://as.example/token"}"#),
        ])
        do {
            _ = try await OAuthServerMetadata.discover(issuer: URL(string: "https://as.example")!, using: Client(transport: documents))
            Issue.record("a plain-http token endpoint was accepted")
        } catch let error as OAuthError {
            #expect(error.code == .insecureEndpoint)
        }
    }
}
