// The snippets of README.md's "Mocks and contract checks" and the DocC article ContractMocks.md, compiled, and run
// against the local test server.
import Courier
import CourierContract
import CourierTesting
import Foundation
import Logging
import Testing

/// README.md and ContractMocks.md: a client whose responses are checked against the document.
func contractCheckedClient(logger: Logger) throws -> Client {
    let contract = try APIContract(contentsOf: URL(fileURLWithPath: "openapi.yaml"))
    let client = Client(transport: URLSessionTransport())
        .validatingResponses(against: contract, logger: logger)   // a no-op in builds without DEBUG
        .targeting(.production)
    return client
}

@Suite("Mocks and contract checks snippets")
struct ContractSnippets {
    @Test("the snippet's calls, over a real document, leave a documented reply as it was")
    func checkedClient() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("""
            openapi: 3.1.0
            info: {title: Echo, version: "1"}
            paths:
              /status/{code}:
                get:
                  parameters: [{name: code, in: path, required: true, schema: {type: integer}}]
                  responses: {'204': {description: nothing}}
            """.utf8).write(to: directory.appendingPathComponent("openapi.yaml"))
        let contract = try APIContract(contentsOf: directory.appendingPathComponent("openapi.yaml"))
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport())
                .validatingResponses(against: contract, logger: Logger(label: "docs"))
                .targeting(server.server)
            let response = try await client.send(try ClientRequest(.get, path: "/status/204"))
            #expect(response.status.code == 204)
        }
    }
}
