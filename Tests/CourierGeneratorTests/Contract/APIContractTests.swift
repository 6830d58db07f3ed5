import CourierGenerator
import Foundation
import Testing

/// `APIContract` on its own: which operation a request is for, what is wrong with a request or a response, and what
/// the mock answers. `courier mock` and the middleware are tested over the wire in their own targets.
@Suite("API contract")
struct APIContractTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Shelter, version: "1"}
        servers: [{url: "https://api.example.com/v1"}]
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - {name: limit, in: query, required: true, schema: {type: integer, maximum: 100}}
                - {name: species, in: query, schema: {type: string, enum: [cat, dog]}}
                - {name: tags, in: query, schema: {type: array, items: {type: string}}}
                - {name: X-Trace, in: header, required: true, schema: {type: string, format: uuid}}
              responses:
                '200':
                  description: pets
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
                      examples:
                        two: {value: [{id: 1, name: Tom}, {id: 2, name: Rex}]}
                        none: {value: []}
                '4XX': {description: bad}
            post:
              operationId: createPet
              requestBody:
                required: true
                content:
                  application/json: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Pet'}}
              responses:
                '201':
                  description: created
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
          /pets/mine:
            get:
              operationId: myPets
              responses: {'204': {description: none}}
          /pets/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer}}
            get:
              operationId: getPet
              responses:
                '200':
                  description: pet
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                '404':
                  description: missing
                  content: {application/json: {example: {message: no such pet}}}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string, minLength: 1}
                born: {type: string, format: date-time}
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

    private func problems(_ request: ContractRequest) throws -> [String] {
        let path = request.path
        return contract.problems(with: request, for: try operation(request.method, path)).map(\.description)
    }

    private func reply(_ request: ContractRequest) -> (Int, String) {
        let reply = contract.mockReply(to: request)
        return (reply.status, String(decoding: reply.body, as: UTF8.self))
    }

    private let trace: (name: String, value: String) = ("X-Trace", "3F2504E0-4F89-11D3-9A0C-0305E82C3301")

    @Test("a literal path wins over a template; the server URL's path is allowed for; 404 and 405 apart")
    func matching() throws {
        #expect(try operation("GET", "/pets/mine").operationID == "myPets")
        let pet = try operation("get", "/v1/pets/7")
        #expect(pet.operationID == "getPet")
        #expect(pet.pathValues == ["id": "7"])
        guard case .methodNotAllowed(let allowed) = contract.match(method: "DELETE", path: "/pets") else {
            Issue.record("DELETE /pets is not a 405")
            return
        }
        #expect(allowed == ["GET", "POST"])
        guard case .noPath = contract.match(method: "GET", path: "/owners") else {
            Issue.record("GET /owners is not a 404")
            return
        }
    }

    @Test("parameters: required, type, enum, array items, header format, path type")
    func parameters() throws {
        #expect(try problems(ContractRequest(method: "GET", target: "/pets", headerFields: [trace])) == [
            "/query/limit: required query parameter is missing",
        ])
        #expect(try problems(ContractRequest(method: "GET", target: "/pets?limit=ten&species=bird", headerFields: [trace])) == [
            #"/query/limit: expected integer, got "ten""#, #"/query/species: "bird" is not one of "cat", "dog""#,
        ])
        #expect(try problems(ContractRequest(method: "GET", target: "/pets?limit=101", headerFields: [("x-trace", "abc")])) == [
            "/query/limit: 101 is greater than the maximum 100", #"/header/x-trace: "abc" is not a UUID"#,
        ])
        #expect(try problems(ContractRequest(method: "GET", target: "/pets?limit=5&tags=a&tags=b", headerFields: [trace])) == [])
        #expect(try problems(ContractRequest(method: "GET", target: "/pets/seven")) == [#"/path/id: expected integer, got "seven""#])
    }

    @Test("bodies: required, content type, JSON against the schema, form fields by their schema")
    func bodies() throws {
        let json: [(name: String, value: String)] = [("Content-Type", "application/json")]
        #expect(try problems(ContractRequest(method: "POST", target: "/pets")) == [
            "/body: a request body is required (application/json, application/x-www-form-urlencoded)",
        ])
        #expect(try problems(ContractRequest(method: "POST", target: "/pets", headerFields: [("Content-Type", "text/plain")], body: Data("hi".utf8))) == [
            "/header/content-type: text/plain is not a documented content type (application/json, application/x-www-form-urlencoded)",
        ])
        #expect(try problems(ContractRequest(method: "POST", target: "/pets", headerFields: json, body: Data(#"{"id":1,"name":42}"#.utf8))) == [
            "/body/name: expected string, got 42",
        ])
        #expect(try problems(ContractRequest(method: "POST", target: "/pets", headerFields: json, body: Data("{".utf8))) == ["/body: is not valid JSON"])
        let form: [(name: String, value: String)] = [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")]
        #expect(try problems(ContractRequest(method: "POST", target: "/pets", headerFields: form, body: Data("id=x&name=Tom".utf8))) == [
            #"/body/id: expected integer, got "x""#,
        ])
        #expect(try problems(ContractRequest(method: "POST", target: "/pets", headerFields: form, body: Data("id=3&name=Tom".utf8))) == [])
    }

    @Test("responses: undocumented status, content type, body; ranges count as documented")
    func responses() throws {
        let create = try operation("POST", "/pets")
        let json: [(name: String, value: String)] = [("Content-Type", "application/json")]
        #expect(contract.problems(with: ContractResponse(status: 200, headerFields: json, body: Data(#"{"id":1,"name":"a"}"#.utf8)), for: create)
            .map(\.description) == ["/status: 200 is not a documented status (documented: 201)"])
        #expect(contract.problems(with: ContractResponse(status: 201, headerFields: [("Content-Type", "text/html")], body: Data()), for: create)
            .map(\.description) == ["/header/content-type: text/html is not a documented content type (application/json)"])
        #expect(contract.problems(with: ContractResponse(status: 201, headerFields: json, body: Data(#"{"id":"1","name":""}"#.utf8)), for: create)
            .map(\.description) == [#"/body/id: expected integer, got "1""#, #"/body/name: "" is shorter than the minimum length 1"#])
        let list = try operation("GET", "/pets")
        #expect(contract.problems(with: ContractResponse(status: 422, body: Data()), for: list).isEmpty)
        #expect(contract.problems(with: ContractResponse(status: 422, body: Data("x".utf8)), for: list)
            .map(\.description) == ["/body: the document describes no body for status 422, got 1 bytes"])
    }

    @Test("the mock answers the first example, Prefer picks another, and a schema without one gets a made-up value")
    func mockReplies() {
        let list = ContractRequest(method: "GET", target: "/pets?limit=2", headerFields: [trace])
        #expect(reply(list) == (200, #"[{"id":1,"name":"Tom"},{"id":2,"name":"Rex"}]"#))
        var none = list
        none.headerFields.append(("Prefer", "example=none"))
        #expect(reply(none) == (200, "[]"))
        var missing = ContractRequest(method: "GET", target: "/pets/7")
        #expect(reply(missing) == (200, #"{"born":"2024-01-01T00:00:00Z","id":0,"name":"string"}"#))
        missing.headerFields.append(("Prefer", "code=404"))
        #expect(reply(missing) == (404, #"{"message":"no such pet"}"#))
        missing.headerFields = [("Prefer", "code=500")]
        #expect(reply(missing) == (400, #"{"error":"the Prefer header asks for what the document does not have","problems":[{"at":"/header/prefer","problem":"code=500 is not documented for GET /pets/{id} (getPet) (documented: 200, 404)"}]}"#))
    }

    @Test("the mock's 400, 404 and 405 say what is wrong")
    func mockErrors() {
        let bad = ContractRequest(method: "POST", target: "/pets", headerFields: [("Content-Type", "application/json")], body: Data(#"{"name":42}"#.utf8))
        #expect(reply(bad) == (400, #"{"error":"request does not match the document","problems":[{"at":"/body/id","problem":"required property \"id\" is missing"},{"at":"/body/name","problem":"expected string, got 42"}]}"#))
        #expect(reply(ContractRequest(method: "GET", target: "/owners")) == (404, #"{"error":"no path of the document matches /owners"}"#))
        let wrongMethod = contract.mockReply(to: ContractRequest(method: "PUT", target: "/pets/1"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headerFields.contains { $0.name == "Allow" && $0.value == "GET" })
    }
}
