import BlogPlatform
import Courier
import CourierGenerator
import Foundation
import PetShop
import Testing

@testable import courier

/// `courier mock` end to end: the committed generated clients of two documents (Tests/OpenAPIGenerated) call a mock
/// of their own document over HTTP on 127.0.0.1 and decode its examples; requests that break the document get a 400
/// that names the place and the problem.
@Suite("courier mock, end to end", .timeLimit(.minutes(3)))
struct MockCommandTests {
    /// A document of Tests/OpenAPIFixtures.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("OpenAPIFixtures").appendingPathComponent(name)
    }

    /// A one-operation document: `GET /search` with `parameters` (YAML, none when empty) answering `{"hits":3}`.
    static func searchDocument(parameters: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Search, version: "1"}
        paths:
          /search:
            get:
              parameters: \(parameters.isEmpty ? "[]" : parameters)
              responses:
                '200': {description: hits, content: {application/json: {example: {hits: 3}}}}
        """
    }

    /// Runs `body` with a client of a mock of `contract`, in this process, on a port the system assigns.
    private func withMock(
        _ contract: APIContract, bodyLimit: Int = MockResponder.defaultBodyLimit, _ body: (Client) async throws -> Void
    ) async throws {
        let mock = try await MockServer.start(contract: contract, port: 0, bodyLimit: bodyLimit)
        let client = Client(transport: URLSessionTransport()).targeting(Server(scheme: "http", host: "127.0.0.1", port: mock.port))
        do {
            try await body(client)
        } catch {
            await mock.stop()
            throw error
        }
        await mock.stop()
    }

    /// The status and the body text of a raw request: `400 {"error":…}`.
    private func exchange(_ client: Client, _ request: ClientRequest) async throws -> String {
        let response = try await client.send(request)
        return "\(response.status.code) " + String(decoding: try await response.body.collect(upTo: 1 << 20), as: UTF8.self)
    }

    @Test("BlogPlatform's generated client decodes the document's examples from the mock, and Prefer: code=404 its documented error")
    func blogPlatformExamples() async throws {
        let contract = try APIContract(contentsOf: Self.fixture("blog-platform-3.0.yaml"))
        try await withMock(contract) { client async throws in
            let example = Article(id: 1, title: "Values all the way down", tags: ["swift", "design"])
            #expect(try await client.send(BlogPlatform.API.article.getArticlesWithTag(tag: "swift")) == [example])
            #expect(try await client.send(BlogPlatform.API.article.getArticle(id: 1)) == example)
            var missing = BlogPlatform.API.article.getArticle(id: 7)
            missing.headers["Prefer"] = "code=404"
            let error = await #expect(throws: NetworkError.self) { try await client.send(missing) }
            #expect(error?.documentedError(as: GetArticleError.self) == .notFound(Problem(error: "no article 7")))
        }
    }

    @Test("PetShop's generated client is accepted by the mock, and decodes the example made from the schema")
    func petShopSynthesized() async throws {
        let contract = try APIContract(contentsOf: Self.fixture("petshop-openapi.json"))
        try await withMock(contract) { client async throws in
            let sent = PetIn(name: "Tom", species: .cat, details: .cat(Cat(kind: "cat", lives: 9)), tag: "tabby")
            let created = try await client.send(PetShop.API.general.createPet(body: sent, xRequestId: "r-1"))
            #expect(created == Pet(
                name: "string", species: .dog, details: .cat(Cat(kind: "cat", lives: 9)), id: 0, tag: "string", extra: [:]))
            #expect(try await client.send(PetShop.API.general.listPets(limit: 2, species: .cat)) == [created])
        }
    }

    @Test("a request that breaks the document is a 400 naming the place and the problem")
    func badRequests() async throws {
        let contract = try APIContract(contentsOf: Self.fixture("petshop-openapi.json"))
        try await withMock(contract) { client async throws in
            var wrongType = try ClientRequest(.post, path: "/pets")
            try wrongType.setHeader("Content-Type", "application/json")
            wrongType.body = .bytes(Data(#"{"name":42,"species":"cat","details":{"kind":"cat"}}"#.utf8))
            #expect(try await exchange(client, wrongType) == #"400 {"error":"request does not match the document","problems":[{"at":"/body/name","problem":"expected string, got 42"}]}"#)

            var wrongContentType = try ClientRequest(.post, path: "/pets")
            try wrongContentType.setHeader("Content-Type", "text/plain")
            wrongContentType.body = .bytes(Data("Tom".utf8))
            #expect(try await exchange(client, wrongContentType) == #"400 {"error":"request does not match the document","problems":[{"at":"/header/content-type","problem":"text/plain is not a documented content type (application/json)"}]}"#)

            #expect(try await exchange(client, try ClientRequest(.get, path: "/pets?limit=many&species=fish")) == #"400 {"error":"request does not match the document","problems":[{"at":"/query/limit","problem":"expected integer, got \"many\""},{"at":"/query/species","problem":"matches none of the 2 anyOf schemas (1: /query/species: \"fish\" is not one of \"dog\", \"cat\", \"bird\"; 2: /query/species: expected null, got \"fish\")"}]}"#)
            #expect(try await exchange(client, try ClientRequest(.get, path: "/pets/rex")) == #"400 {"error":"request does not match the document","problems":[{"at":"/path/pet_id","problem":"expected integer, got \"rex\""}]}"#)
            #expect(try await exchange(client, try ClientRequest(.get, path: "/owners")).hasPrefix("404 "))
            #expect(try await exchange(client, try ClientRequest(.delete, path: "/pets")).hasPrefix("405 "))
        }
    }

    @Test("a missing required query parameter is a 400 at /query/<name>")
    func missingQueryParameter() async throws {
        let contract = try APIContract(text: Self.searchDocument(
            parameters: "[{name: q, in: query, required: true, schema: {type: string, minLength: 1}}]"))
        try await withMock(contract) { client async throws in
            #expect(try await exchange(client, try ClientRequest(.get, path: "/search")) == #"400 {"error":"request does not match the document","problems":[{"at":"/query/q","problem":"required query parameter is missing"}]}"#)
            #expect(try await exchange(client, try ClientRequest(.get, path: "/search?q=swift")) == #"200 {"hits":3}"#)
        }
    }

    // RFC 9110 §15.5.7, issue #40: never a body labelled with a type it is not.
    @Test("an Accept that allows none of the documented types is a 406 naming them; */* or a documented one is served")
    func notAcceptable() async throws {
        // The search document above, without its query parameter.
        let contract = try APIContract(text: Self.searchDocument(parameters: ""))
        try await withMock(contract) { client async throws in
            for accept in ["application/xml", "text/html, application/xml;q=0.9"] {
                var request = try ClientRequest(.get, path: "/search")
                try request.setHeader("Accept", accept)
                let response = try await client.send(request)
                let body = String(decoding: try await response.body.collect(upTo: 1 << 20), as: UTF8.self)
                #expect(response.status.code == 406, "\(accept)")
                #expect(response.head.headerFields[.contentType] == "application/json")
                #expect(body == #"{"error":"none of the media types Accept names is documented for this response (documented: application/json)"}"#)
            }
            for accept in ["application/xml, */*;q=0.1", "application/*", "application/json"] {
                var request = try ClientRequest(.get, path: "/search")
                try request.setHeader("Accept", accept)
                #expect(try await exchange(client, request) == #"200 {"hits":3}"#, "\(accept)")
            }
        }
    }

    @Test("a body over the limit is a 413; a Prefer code of 204 or 304 is answered without a body, over the wire")
    func bodyLimitAndBodylessStatuses() async throws {
        let contract = try APIContract(text: """
            openapi: 3.0.3
            info: {title: Notes, version: "1"}
            paths:
              /notes:
                post:
                  requestBody: {content: {text/plain: {schema: {type: string}}}}
                  responses:
                    '2XX': {description: stored, content: {application/json: {example: {stored: true}}}}
                    '304': {description: same, content: {application/json: {example: {stored: true}}}}
            """)
        try await withMock(contract, bodyLimit: 8) { client async throws in
            func note(_ text: String, prefer: String? = nil) throws -> ClientRequest {
                var request = try ClientRequest(.post, path: "/notes")
                try request.setHeader("Content-Type", "text/plain")
                if let prefer { try request.setHeader("Prefer", prefer) }
                request.body = .bytes(Data(text.utf8))
                return request
            }
            #expect(try await exchange(client, try note("short")) == #"200 {"stored":true}"#)
            #expect(try await exchange(client, try note("longer than eight bytes")) == "413 the request body is over 8 bytes")
            let noContent = try await client.send(try note("a", prefer: "code=204"))
            #expect(noContent.status.code == 204)
            #expect(try await noContent.body.collect(upTo: 1 << 16).isEmpty)
            #expect(noContent.head.headerFields[.contentType] == nil)
            #expect(try await exchange(client, try note("a", prefer: "code=304")) == "304 ")
            #expect(try await exchange(client, try note("a", prefer: "code=101")).hasPrefix(#"400 {"error":"the Prefer header asks for what the document does not have","problems":[{"at":"/header/prefer","problem":"code=101 is not a status code from 200 to 599"}]}"#))
        }
    }

    @Test("the built CLI prints the URL it listens on (port 0), serves there, and stops on SIGTERM")
    func builtCommand() async throws {
        let running = try RunningCourier(["mock", Self.fixture("blog-platform-3.0.yaml").path, "--port", "0"])
        while !running.outputSoFar.contains("\n"), running.process.isRunning {
            try await running.waitForOutput(running.outputCount + 1)
        }
        let url = running.outputSoFar.split(separator: "\n").first.map(String.init) ?? ""
        let port = Int(url.split(separator: ":").last ?? "") ?? 0
        #expect(url == "http://127.0.0.1:\(port)" && port > 0)
        let client = Client(transport: URLSessionTransport()).targeting(Server(scheme: "http", host: "127.0.0.1", port: port))
        let article = try? await client.send(BlogPlatform.API.article.getArticle(id: 1))
        running.process.terminate()
        let outcome = await running.finished()
        #expect(article?.title == "Values all the way down")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("GET /articles/1 -> 200"))
    }

    @Test("a document that cannot be read exits 1 with the loader's diagnostic; a bad port is refused")
    func badInput() async throws {
        let missing = try await CourierProcess.run(["mock", "/nonexistent/openapi.yaml", "--port", "0"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read /nonexistent/openapi.yaml"))
        let badPort = try await CourierProcess.run(["mock", "x.yaml", "--port", "70000"])
        #expect(badPort.status == 64)
        #expect(badPort.standardError.contains("--port must be a number from 0 to 65535"))
    }

    @Test("courier --help lists mock")
    func helpListsMock() async throws {
        let help = try await CourierProcess.run(["--help"])
        #expect(help.standardOutput.contains("mock"))
        #expect(help.standardOutput.contains("Serve an OpenAPI document's examples"))
    }
}
