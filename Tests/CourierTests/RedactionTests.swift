import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Secrets never print")
struct RedactionTests {
    static let secrets = ["tok-123-secret", "cookie-456-secret", "qs-789-secret", "key-000-secret", "resp-cookie-secret"]

    func requestWithSecrets() throws -> ClientRequest {
        var request = try ClientRequest(.post, url: "https://api.example.com/v1/me?token=qs-789-secret&page=2")
        try request.setHeader("Authorization", "Bearer " + Self.secrets[0])
        try request.setHeader("Cookie", "session=" + Self.secrets[1])
        try request.setHeader("X-Api-Key", Self.secrets[3])
        try request.setHeader("Accept", "application/json")
        request.body = .text("{}")
        return request
    }

    @Test("a printed request shows the method, URL and headers with credential values redacted")
    func printedRequest() throws {
        let request = try requestWithSecrets()
        for text in [request.description, String(reflecting: request), "\(request)", dumped(request)] {
            for secret in Self.secrets {
                #expect(!text.contains(secret))
            }
            #expect(text.contains("Authorization: <redacted>"))
        }
        #expect(request.description.contains("POST https://api.example.com/v1/me?token=<redacted>&page=2"))
        #expect(request.description.contains("Accept: application/json"))
    }

    @Test("a printed NetworkError shows request and response heads with credentials redacted")
    func printedError() throws {
        let request = try requestWithSecrets()
        var head = HTTPResponse(status: .unauthorized)
        head.headerFields[.setCookie] = "id=\(Self.secrets[4])"
        head.headerFields[.contentType] = "application/json"
        let response = ClientResponse(head: head, body: ResponseBody(Data(#"{"error":"expired"}"#.utf8)), request: request)
        let error = NetworkError(.unacceptableStatus(401), response: response)
        for text in [error.description, String(reflecting: error), "\(error)", error.localizedDescription] {
            for secret in Self.secrets {
                #expect(!text.contains(secret))
            }
        }
        #expect(error.description.contains("401 Unauthorized"))
        #expect(error.description.contains(#"{"error":"expired"}"#))
        #expect(error.description.contains("Set-Cookie: <redacted>"))
    }

    @Test("redaction can be widened, or turned off explicitly")
    func configurable() throws {
        var request = try ClientRequest(url: "https://example.com/?session=abc&x=1")
        try request.setHeader("X-Tenant", "t-1")
        request.options.redactor = Redactor.default.hiding(headers: ["X-Tenant"], queryParameters: ["Session"])
        #expect(request.description.contains("?session=<redacted>&x=1"))
        #expect(request.description.contains("X-Tenant: <redacted>"))
        request.options.redactor = .none
        #expect(request.description.contains("X-Tenant: t-1"))
    }

    @Test("the body preview of an error stops at 1 KB")
    func previewIsCapped() throws {
        let request = try ClientRequest(url: "https://example.com/")
        let big = String(repeating: "x", count: 5000)
        let response = ClientResponse(head: HTTPResponse(status: .internalServerError), body: ResponseBody(Data(big.utf8)), request: request)
        let preview = try #require(NetworkError(.unacceptableStatus(500), response: response).bodyPreview)
        #expect(preview.hasPrefix(String(repeating: "x", count: 1024) + "…"))
        #expect(preview.hasSuffix("(5000 bytes)"))
    }

    private func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test("an underlying error, a body preview and an invalid URL never print a token")
    func scrubbedEverywhere() throws {
        var request = try ClientRequest(url: "https://api.example.com/cb?access_token=qs-789-secret")
        request.options.redactor = .default
        let response = ClientResponse(
            head: HTTPResponse(status: .badRequest),
            body: ResponseBody(Data(#"{"access_token": "tok-123-secret", "note": "\#u{1B}[31mred"}"#.utf8)),
            request: request
        )
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "failed for https://api.example.com/cb?token=qs-789-secret&x=1" }
        }
        let error = NetworkError(.unacceptableStatus(400), response: response, underlying: Leaky())
        var dumped = ""
        dump(error, to: &dumped)
        for text in [error.description, dumped] {
            #expect(!text.contains("qs-789-secret"))
            #expect(!text.contains("tok-123-secret"))
        }
        #expect(!error.description.contains("\u{1B}"))
        for url in ["alice:hunter2@example.com/x", "https://h:99999/cb#access_token=hunter2", "api.example.com/login?password=hunter2&next=https://app"] {
            let invalid = #expect(throws: NetworkError.self) { try ClientRequest(url: url) }
            #expect(invalid?.description.contains("hunter2") == false)
        }
    }

    @Test("a printed Endpoint or Server hides credential header values")
    func endpointsAndServers() {
        let endpoint = Endpoint<Data>(path: "/me", headers: ["Authorization": "Bearer tok-123-secret", "Accept": "text/plain"])
        let server = Server(host: "api.example.com", headers: ["X-Api-Key": "key-000-secret"])
        for text in [endpoint.description, server.description, dumped(endpoint), dumped(server)] {
            #expect(!text.contains("tok-123-secret"))
            #expect(!text.contains("key-000-secret"))
        }
        #expect(endpoint.description.contains("Accept: text/plain"))
    }

    @Test("query values are redacted by name: any case, percent-encoded names, empty pairs and values with `=` kept in place")
    func queryNames() {
        let redactor = Redactor.default
        let cases: [(String, String)] = [
            ("/a", "/a"),
            ("/a?page=2&q=swift", "/a?page=2&q=swift"),
            ("/a?TOKEN=x&page=2", "/a?TOKEN=<redacted>&page=2"),
            ("/a?page=2&%74oken=x", "/a?page=2&%74oken=<redacted>"),
            ("/a?&&api_key=k=v&", "/a?&&api_key=<redacted>&"),
            ("/a?token&key=", "/a?token&key=<redacted>"),
            ("/ü?session=s", "/ü?session=<redacted>"),
        ]
        for (input, expected) in cases {
            #expect(redactor.redact(pathAndQuery: input) == expected, "\(input)")
        }
        #expect(Redactor.none.redact(pathAndQuery: "/a?token=x") == "/a?token=x")
    }
}
