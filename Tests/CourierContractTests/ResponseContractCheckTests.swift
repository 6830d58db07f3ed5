import Courier
import CourierAsyncHTTPClient
import CourierContract
import CourierGenerator
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// `Client.validatingResponses(against:logger:)` against a real server on 127.0.0.1 whose routes drift from the
/// document in one way each; the logs come from a real `LogHandler` that keeps every line.
@Suite("Response contract check, over the wire")
struct ResponseContractCheckTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Pets, version: "1"}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: pets
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}}}
            post:
              operationId: createPet
              responses:
                '201':
                  description: created
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
              responses:
                '200':
                  description: pet
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
          /empty:
            get:
              operationId: empty
              responses:
                '200':
                  description: pet
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
          /report:
            get:
              operationId: report
              responses:
                '200': {description: csv, content: {text/csv: {}}}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string}
        """

    static let routes: [TestServer.Route] = [
        TestServer.Route(.get, "/pets") { _ in .json(#"[{"id":1,"name":"Tom"}]"#) },
        TestServer.Route(.post, "/pets") { _ in .json(#"{"id":2,"name":"Rex"}"#) },
        TestServer.Route(.get, "/pets/{id}") { _ in .json(#"{"id":"7","name":"Tom"}"#) },
        TestServer.Route(.get, "/report") { _ in .json("{}") },
        TestServer.Route(.head, "/pets/{id}") { _ in TestServer.Reply(headers: ["Content-Type": "application/json"]) },
        TestServer.Route(.get, "/empty") { _ in TestServer.Reply(headers: ["Content-Type": "application/json"]) },
    ]

    private func withClient(
        _ body: @Sendable (Client, Recorded<CapturedLog>) async throws -> Void
    ) async throws {
        let contract = try APIContract(text: Self.document)
        let (logger, lines) = CapturingLogHandler.logger()
        try await TestServer.withRunning(routes: Self.routes) { server in
            let client = Client(transport: URLSessionTransport())
                .validatingResponses(against: contract, logger: logger)
                .targeting(server.server)
            try await body(client, lines)
        }
    }

    @Test("a matching response logs nothing and arrives as the server sent it")
    func matching() async throws {
        try await withClient { client, lines async throws in
            let response = try await client.send(try ClientRequest(.get, path: "/pets"))
            #expect(response.status.code == 200)
            #expect(try await response.body.collect(upTo: 1 << 16) == Data(#"[{"id":1,"name":"Tom"}]"#.utf8))
            #expect(lines.all.isEmpty)
        }
    }

    @Test("a body that does not match its schema is logged at its pointer; the caller still gets the body")
    func bodyMismatch() async throws {
        try await withClient { client, lines async throws in
            let response = try await client.send(try ClientRequest(.get, path: "/pets/7"))
            let body = try await response.body.collect(upTo: 1 << 16)
            #expect(body == Data(#"{"id":"7","name":"Tom"}"#.utf8))
            #expect(response.status.code == 200)
            let logged = lines.all
            #expect(logged.map(\.message) == [
                #"response does not match the document: 200 to GET /pets/7 (GET /pets/{id} (getPet)): /body/id: expected integer, got "7""#,
            ])
            #expect(logged.first?.level == .warning)
            #expect(logged.first?.metadata["contract.at"] == "/body/id")
        }
    }

    @Test("an undocumented status and an undocumented content type are logged; nothing is thrown")
    func statusAndContentType() async throws {
        try await withClient { client, lines async throws in
            let created = try await client.send(try ClientRequest(.post, path: "/pets"))
            #expect(created.status.code == 200)
            let report = try await client.send(try ClientRequest(.get, path: "/report"))
            #expect(try await report.body.collect(upTo: 1 << 16) == Data("{}".utf8))
            #expect(lines.all.map(\.message) == [
                "response does not match the document: 200 to POST /pets (POST /pets (createPet)): /status: 200 is not a documented status (documented: 201)",
                "response does not match the document: 200 to GET /report (GET /report (report)): /header/content-type: application/json is not a documented content type (text/csv)",
            ])
        }
    }

    @Test("a request for something the document does not have is logged too")
    func unknownOperation() async throws {
        try await withClient { client, lines async throws in
            let response = try await client.send(try ClientRequest(.get, path: "/status/204"))
            #expect(response.status.code == 204)
            #expect(lines.all.map(\.message) == [
                "response does not match the document: 204 to GET /status/204: /path: GET /status/204 is not an operation of the document",
            ])
        }
    }

    @Test("a typed endpoint decodes as it would without the check")
    func typedEndpoint() async throws {
        struct Pet: Decodable, Equatable { var id: Int; var name: String }
        try await withClient { client, lines async throws in
            let pets = try await client.send(Endpoint<[Pet]>(path: "/pets"))
            #expect(pets == [Pet(id: 1, name: "Tom")])
            #expect(lines.all.isEmpty)
        }
    }

    @Test("a streamed body (AsyncHTTPClient) is checked once it has been read to the end, and reads the same")
    func streamedBody() async throws {
        let contract = try APIContract(text: Self.document)
        let (logger, lines) = CapturingLogHandler.logger()
        let transport = AsyncHTTPClientTransport()
        do {
            try await TestServer.withRunning(routes: Self.routes) { server in
                let client = Client(transport: transport)
                    .validatingResponses(against: contract, logger: logger)
                    .targeting(server.server)
                let response = try await client.send(try ClientRequest(.get, path: "/pets/7"))
                #expect(response.body.bufferedData == nil)
                #expect(lines.all.isEmpty)
                var bytes = Data()
                for try await chunk in response.body { bytes.append(chunk) }
                #expect(bytes == Data(#"{"id":"7","name":"Tom"}"#.utf8))
                #expect(lines.all.map { $0.metadata["contract.problem"] } == [#"expected integer, got "7""#])
            }
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    @Test("a HEAD response, matched to the documented GET, is not a mismatch for having no body")
    func head() async throws {
        try await withClient { client, lines async throws in
            let response = try await client.send(try ClientRequest(.head, path: "/pets/7"))
            #expect(response.status.code == 200)
            #expect(try await response.body.collect(upTo: 1 << 16).isEmpty)
            #expect(lines.all.map(\.message) == [])
        }
    }

    @Test("a streamed body announced empty (Content-Length: 0) is reported once, not again when it is read")
    func emptyStreamedBodyOnce() async throws {
        let contract = try APIContract(text: Self.document)
        let (logger, lines) = CapturingLogHandler.logger()
        let transport = AsyncHTTPClientTransport()
        do {
            try await TestServer.withRunning(routes: Self.routes) { server in
                let client = Client(transport: transport)
                    .validatingResponses(against: contract, logger: logger)
                    .targeting(server.server)
                let response = try await client.send(try ClientRequest(.get, path: "/empty"))
                #expect(response.body.bufferedData == nil)
                #expect(response.body.length == 0)
                var bytes = Data()
                for try await chunk in response.body { bytes.append(chunk) }
                #expect(bytes.isEmpty)
                #expect(lines.all.map(\.message) == [
                    "response does not match the document: 200 to GET /empty (GET /empty (empty)): /body: is empty, not JSON",
                ])
            }
        } catch {
            try await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }
}
