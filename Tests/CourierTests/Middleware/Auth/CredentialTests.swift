import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Credentials, byte-exact on the wire")
struct CredentialTests {
    func signed(_ credential: Credential, url: String = "https://api.example.com/items") throws -> ClientRequest {
        var request = try ClientRequest(url: url)
        try credential.apply(to: &request)
        return request
    }

    @Test("Basic, Bearer and custom Authorization headers", arguments: [
        (Credential.basic(username: "guest", password: "guest"), "Basic Z3Vlc3Q6Z3Vlc3Q="),
        (.basic(username: "Aladdin", password: "open sesame"), "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        (.basic(username: "caf\u{e9}", password: "p:w"), "Basic Y2Fmw6k6cDp3"),
        (.bearer("abc.def.ghi"), "Bearer abc.def.ghi"),
        (.custom(field: "Token", data: "s3cr3t"), "Token s3cr3t"),
    ])
    func authorizationHeader(_ credential: Credential, _ expected: String) throws {
        let request = try signed(credential)
        #expect(request.head.headerFields[.authorization] == expected)
        #expect(request.head.headerFields[values: .authorization].count == 1)
    }

    @Test("API keys in a header or a query parameter")
    func apiKeys() throws {
        #expect(try signed(.apiKey("k-42", header: "X-Api-Key")).head.headerFields[HTTPField.Name("X-Api-Key")!] == "k-42")
        #expect(try signed(.apiKey("a b&c", queryParameter: "api_key")).head.path == "/items?api_key=a%20b%26c")
        #expect(try signed(.apiKey("k", queryParameter: "key"), url: "https://api.example.com/items?page=2").head.path == "/items?page=2&key=k")
    }

    @Test("a credential that cannot be a header value is invalidHeader, and never printed")
    func invalid() throws {
        let error = try #require(throws: NetworkError.self) { try signed(.bearer("abc\r\nX-Injected: 1")) }
        #expect(error.kind == .invalidHeader(name: "authorization"))
        #expect(!error.description.contains("abc"))
        #expect(!"\(Credential.bearer("secret-token"))".contains("secret-token"))
        #expect(!"\(Token("secret-token"))".contains("secret-token"))
    }

    // `.authorizing` checks a fixed credential's header once, when the layer is made; a bad value must still fail
    // each request with the same error, and nothing be sent.
    @Test("through .authorizing, a credential that cannot be a header value fails every request and sends nothing")
    func invalidThroughTheLayer() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).authorizing(with: .credential(.bearer("abc\r\nX-Injected: 1")))
        for _ in 0..<2 {
            let error = try await #require(throws: NetworkError.self) { try await client.send(ClientRequest(url: "https://api.example.com/items")) }
            #expect(error.kind == .invalidHeader(name: "authorization"))
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("through .authorizing, a header credential is recorded in credentialHeaders unless it is Authorization, which redirects always drop")
    func recordedHeaders() async throws {
        let transport = RecordingTransport()
        for (credential, recorded) in [(Credential.bearer("t"), Set<String>()), (.apiKey("k-42", header: "X-Api-Key"), ["x-api-key"])] {
            _ = try await Client(transport: transport).authorizing(with: .credential(credential))
                .send(ClientRequest(url: "https://api.example.com/items"))
            #expect(transport.requests.last?.options.credentialHeaders == recorded)
        }
        #expect(transport.requests.first?.head.headerFields[.authorization] == "Bearer t")
        #expect(transport.requests.last?.head.headerFields[HTTPField.Name("X-Api-Key")!] == "k-42")
    }
}
