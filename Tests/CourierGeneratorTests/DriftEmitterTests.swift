import Testing
@testable import CourierGenerator

/// Issue 25 item 4: an operation with one success type decodes an undocumented `2xx` with it when the request's
/// `DocumentDrift` is tolerant (the runtime decides); an operation whose successes differ, or whose `2XX`/`default`
/// already covers every `2xx`, gets no such case.
@Suite struct DriftEmitterTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Drift, version: "1"}
        components:
          schemas:
            Task: {type: object, required: [id], properties: {id: {type: integer}}}
        paths:
          /tasks:
            post:
              operationId: createTask
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Task'}}}}
                '422': {description: invalid}
            get:
              operationId: listTasks
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Task'}}}}
                '202': {description: later, content: {text/plain: {schema: {type: string}}}}
          /tasks/{id}/report:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            get:
              operationId: getReport
              responses:
                '200':
                  description: the report
                  content:
                    application/pdf: {schema: {type: string, format: binary}}
                    'text/csv; charset=utf-8': {schema: {type: string}}
                '404': {description: missing, content: {application/json: {schema: {type: object}}}}
          /tasks/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            put:
              operationId: putTask
              responses:
                2XX: {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Task'}}}}
            delete:
              operationId: deleteTask
              responses:
                '204': {description: gone}
                default: {description: error}
        """

    static func functions(_ operationID: String) throws -> String {
        let output = try OperationTestSupport.map(document).output
        var out = SwiftWriter()
        let operation = try #require(output.operations.first { $0.operationID == operationID })
        OperationEmitter(operation: operation, codersName: "DriftCoders").writeFunctions(&out)
        return out.text
    }

    @Test func oneSuccessTypeGetsTheToleratedCase() throws {
        let text = try Self.functions("createTask")
        #expect(text.contains("""
                    case 200: return try response.json(Task.self)
                    case 422: throw response.failure(CreateTaskError.unprocessableContent)
                    case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"]): return try response.json(Task.self)
                    default: throw response.failure(CreateTaskError.undocumented(status: response.status, body: response.data))
            """))
    }

    @Test func aSuccessWithoutBodyIsToleratedToo() throws {
        let text = try Self.functions("deleteTask")
        #expect(text.contains(
            #"case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["204"]): return ()"#))
    }

    @Test func severalSuccessTypesOrA2XXRangeGetNone() throws {
        #expect(try !Self.functions("listTasks").contains("toleratesUndocumentedSuccess"))
        #expect(try !Self.functions("putTask").contains("toleratesUndocumentedSuccess"))
    }

    /// Issue 25 review: bytes decode as anything, so a non-JSON success is tolerated only with one of its documented
    /// media types; a JSON success proves itself by decoding and passes none.
    @Test func aNonJSONSuccessPassesItsMediaTypes() throws {
        #expect(try Self.functions("getReport").contains(
            #"case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"], contentTypes: ["application/pdf", "text/csv"]): return response.data"#))
        #expect(try !Self.functions("createTask").contains("contentTypes:"))
        #expect(try !Self.functions("deleteTask").contains("contentTypes:"))
    }
}
