import CourierGenerator
import Foundation
import Testing

/// Responses that carry no body whatever the document describes: a response to `HEAD`, a 204 and a 304. The
/// contract checks only their status, and the mock sends none.
@Suite("API contract, bodyless responses")
struct APIContractBodylessTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Things, version: "1"}
        paths:
          /things/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get:
              operationId: getThing
              responses:
                '200': {description: thing, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}, example: {id: 1}}}}
                '2XX': {description: another success, content: {application/json: {example: {note: any 2xx}}}}
                '304': {description: not modified, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
        components:
          schemas:
            Thing: {type: object, required: [id], properties: {id: {type: integer}}}
        """

    let contract: APIContract

    init() throws {
        contract = try APIContract(text: Self.document)
    }

    private func operation(_ method: String, _ path: String) throws -> ContractOperation {
        guard case .operation(let operation) = contract.match(method: method, path: path) else {
            Issue.record("\(method) \(path) matched no operation")
            throw CancellationError()
        }
        return operation
    }

    private let json: [(name: String, value: String)] = [("Content-Type", "application/json")]

    @Test("HEAD matches the documented GET, and its response's empty body is not a mismatch")
    func head() throws {
        let head = try operation("HEAD", "/things/1")
        #expect(head.method == "GET")
        #expect(head.requestMethod == "HEAD")
        #expect(contract.problems(with: ContractResponse(status: 200, headerFields: json, body: Data()), for: head).isEmpty)
        #expect(contract.problems(with: ContractResponse(status: 200, body: nil), for: head).isEmpty)
        // The status is still checked.
        #expect(contract.problems(with: ContractResponse(status: 500, body: Data()), for: head).map(\.description)
            == ["/status: 500 is not a documented status (documented: 200, 2XX, 304)"])
        // A GET's empty body is still a mismatch.
        let get = try operation("GET", "/things/1")
        #expect(get.requestMethod == "GET")
        #expect(contract.problems(with: ContractResponse(status: 200, headerFields: json, body: Data()), for: get).map(\.description)
            == ["/body: is empty, not JSON"])
    }

    @Test("a 204 and a 304 have their body unchecked, whatever the document describes for them")
    func noContentAndNotModified() throws {
        let get = try operation("GET", "/things/1")
        #expect(contract.problems(with: ContractResponse(status: 304, headerFields: json, body: Data()), for: get).isEmpty)
        #expect(contract.problems(with: ContractResponse(status: 204, headerFields: json, body: Data()), for: get).isEmpty)
        #expect(contract.problems(with: ContractResponse(status: 204, body: Data("x".utf8)), for: get).isEmpty)
    }

    @Test("the mock sends no body for 204, 304 and HEAD, and refuses a Prefer code outside 200 to 599")
    func mockReplies() {
        func reply(_ method: String, prefer: String? = nil) -> (Int, String, [String]) {
            let request = ContractRequest(method: method, target: "/things/1", headerFields: prefer.map { [("Prefer", $0)] } ?? [])
            let reply = contract.mockReply(to: request)
            return (reply.status, String(decoding: reply.body, as: UTF8.self), reply.headerFields.map { "\($0.name): \($0.value)" })
        }
        #expect(reply("GET") == (200, #"{"id":1}"#, ["Content-Type: application/json"]))
        #expect(reply("HEAD") == (200, "", ["Content-Type: application/json"]))
        #expect(reply("GET", prefer: "code=204") == (204, "", []))
        #expect(reply("GET", prefer: "code=304") == (304, "", []))
        #expect(reply("GET", prefer: "code=202") == (202, #"{"note":"any 2xx"}"#, ["Content-Type: application/json"]))
        for code in ["101", "199", "600", "abc"] {
            #expect(reply("GET", prefer: "code=\(code)") == (
                400,
                #"{"error":"the Prefer header asks for what the document does not have","problems":[{"at":"/header/prefer","problem":"code=\#(code) is not a status code from 200 to 599"}]}"#,
                ["Content-Type: application/json"]))
        }
    }
}
