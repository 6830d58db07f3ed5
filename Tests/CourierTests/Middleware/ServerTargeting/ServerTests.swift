import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Servers and targeting")
struct ServerTests {
    @Test("a relative request gets the scheme, authority, base path, version and default headers")
    func resolvesRelativeRequests() throws {
        let server = Server(host: "api.example.com", basePath: "/api/", version: "v2", headers: ["X-Client": "courier", "Accept": "text/plain"])
        var request = try ClientRequest(.get, path: "/articles", query: [URLQueryItem(name: "page", value: "2")])
        try request.setHeader("Accept", "application/json")
        let resolved = try server.resolve(request)
        #expect(resolved.url?.absoluteString == "https://api.example.com/api/v2/articles?page=2")
        #expect(resolved.head.headerFields[HTTPField.Name("X-Client")!] == "courier")
        #expect(resolved.head.headerFields[values: .accept] == ["application/json"])
    }

    @Test("an absolute request passes unchanged and gets no default headers")
    func absoluteRequestsPass() throws {
        let server = Server(host: "api.example.com", headers: ["X-Api-Key": "secret"])
        let request = try ClientRequest(url: "http://other.example.org/x")
        let resolved = try server.resolve(request)
        #expect(resolved.url?.absoluteString == "http://other.example.org/x")
        #expect(resolved.head.headerFields[HTTPField.Name("X-Api-Key")!] == nil)
    }

    @Test("a server parses from a base URL, and IPv6 hosts are bracketed")
    func parsesURL() throws {
        let server = try Server(url: "http://127.0.0.1:8080/base")
        #expect(server.scheme == "http")
        #expect(server.host == "127.0.0.1")
        #expect(server.port == 8080)
        #expect(server.basePath == "/base")
        #expect(Server(scheme: "http", host: "::1", port: 80).authority == "[::1]:80")
        let error = #expect(throws: NetworkError.self) { try Server(url: "https://example.com/?q=1") }
        #expect(error?.kind == .invalidURL)
        #expect(error?.message?.contains("a server's base URL cannot have a query") == true)
    }

    @Test("a base URL is parsed like a request URL: IDNA, default port dropped, IPv6 canonical, whitespace trimmed")
    func parsesURLAsWHATWGDoes() throws {
        let international = try Server(url: " https://M\u{fc}nchen.de:8443/api \n")
        #expect(international.host == "xn--mnchen-3ya.de")
        #expect(international.port == 8443)
        #expect(international.basePath == "/api")
        let defaultPort = try Server(url: "http://a.test:80/")
        #expect(defaultPort.port == nil)
        #expect(defaultPort.basePath == "")
        let ipv6 = try Server(url: "http://[0:0:0:0:0:0:0:1]:8080")
        #expect(ipv6.authority == "[::1]:8080")
        let error = #expect(throws: NetworkError.self) { try Server(url: "http://a.test:0/") }
        #expect(error?.kind == .invalidURL)
    }

    @Test("a bad default header is invalidHeader when the request is resolved")
    func badDefaultHeader() throws {
        let server = Server(host: "example.com", headers: ["X-Bad": "a\r\nb"])
        let error = #expect(throws: NetworkError.self) { try server.resolve(ClientRequest(.get, path: "/")) }
        #expect(error?.kind == .invalidHeader(name: "x-bad"))
    }

    @Test("one endpoint runs against two servers by changing one value")
    func switchingServers() async throws {
        let transport = RecordingTransport()
        let shared = Client(transport: transport)
        let endpoint = Endpoint<Void>(path: "/ping")
        try await shared.targeting(Server(host: "prod.example.com")).send(endpoint)
        try await shared.targeting(Server(scheme: "http", host: "localhost", port: 9000)).send(endpoint)
        #expect(transport.requests.map { $0.url?.absoluteString } == ["https://prod.example.com/ping", "http://localhost:9000/ping"])
    }
}
