@testable import CourierGenerator
import Testing

/// JSON Lines and json-seq responses become `Courier.JSONStream` values of the documented item type.
struct JSONStreamMappingTests {
    private func operation(_ id: String, in output: OperationMapper.Output) throws -> OperationDecl {
        try #require(output.operations.first { $0.operationID == id })
    }

    private func document(version: String, content: String, errors: String = "") -> String {
        """
        openapi: \(version)
        info: {title: T, version: "1"}
        components:
          schemas:
            Event:
              type: object
              required: [id]
              properties:
                id: {type: integer}
        paths:
          /events:
            get:
              operationId: events
              responses:
                '200':
                  description: the events
                  content:
        \(content)
        \(errors)
        """
    }

    @Test func itemSchemaOfOpenAPI32IsTheElementType() throws {
        let yaml = document(version: "3.2.0", content: """
                        application/jsonl:
                          itemSchema: {$ref: '#/components/schemas/Event'}
            """)
        let (output, _) = try OperationTestSupport.map(yaml)
        #expect(try operation("events", in: output).success == .single(.jsonStream(.named("Event"), accept: "application/jsonl"), statuses: [.code(200)]))
    }

    @Test func schemaBefore32IsTheSchemaOfOneItem() throws {
        let yaml = document(version: "3.1.0", content: """
                        application/x-ndjson; charset=utf-8:
                          schema: {$ref: '#/components/schemas/Event'}
            """)
        let (output, _) = try OperationTestSupport.map(yaml)
        #expect(try operation("events", in: output).success == .single(.jsonStream(.named("Event"), accept: "application/x-ndjson"), statuses: [.code(200)]))
    }

    @Test func aJSONSequenceWithoutSchemaIsAStreamOfJSONValues() throws {
        let yaml = document(version: "3.0.3", content: """
                        application/json-seq: {}
            """)
        let (output, _) = try OperationTestSupport.map(yaml)
        #expect(try operation("events", in: output).success == .single(.jsonStream(.primitive(.json), accept: "application/json-seq"), statuses: [.code(200)]))
    }

    @Test func aStreamInAnErrorIsReadAsBytes() throws {
        let yaml = document(version: "3.1.0", content: """
                        application/jsonl:
                          schema: {$ref: '#/components/schemas/Event'}
            """, errors: """
                    '500':
                      description: the failures so far
                      content:
                        application/jsonl:
                          schema: {$ref: '#/components/schemas/Event'}
            """)
        let (output, _) = try OperationTestSupport.map(yaml)
        let events = try operation("events", in: output)
        #expect(events.errors.map(\.body) == [.data])
    }
}
