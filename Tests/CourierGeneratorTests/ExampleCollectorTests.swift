import OpenAPIKit
import Testing
import Yams

@testable import CourierGenerator

/// §5.6: which documented examples become stubs, in which form, and which are refused.
@Suite struct ExampleCollectorTests {
    private static let document = """
        openapi: 3.1.0
        info: {title: Examples, version: "1"}
        paths:
          /articles/{id}:
            get:
              operationId: getArticle
              parameters:
                - {name: id, in: path, required: true, example: 7, schema: {type: integer}}
                - {name: sort, in: query, schema: {type: string, default: newest}}
                - {name: kind, in: query, schema: {$ref: '#/components/schemas/Kind'}}
                - {name: plain, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Article'}
                      examples:
                        second: {value: {title: Second, id: 2, tags: [b, a]}}
                        first: {value: {id: 1, title: First}}
                '404':
                  description: missing
                  content:
                    application/problem+json:
                      schema: {$ref: '#/components/schemas/Problem'}
                '4XX':
                  description: other client error
                  content:
                    text/plain:
                      schema: {type: string}
                      example: bad request
                default:
                  description: unexpected
                  content:
                    application/json:
                      example: {error: boom}
          /wrong:
            get:
              operationId: wrong
              responses:
                '201':
                  description: created
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Article'}
                      examples:
                        badId: {value: {id: "one", title: First}}
                        missingTitle: {value: {id: 1}}
                        right: {value: {id: 3, title: Third, published: "2024-05-01T10:00:00Z"}}
          /fallback:
            get:
              operationId: fallback
              responses:
                default:
                  description: the only response
                  content:
                    application/json:
                      schema: {type: object, properties: {n: {type: number}}, example: {n: 1.0}}
        components:
          schemas:
            Kind: {type: string, enum: [news, opinion]}
            Article:
              type: object
              required: [id, title]
              properties:
                id: {type: integer}
                title: {type: string}
                tags: {type: array, items: {type: string}}
                published: {type: string, format: date-time}
            Problem:
              type: object
              required: [error]
              properties: {error: {type: string}}
              example: {error: not found}
        """

    private func collect(_ path: String) throws -> (examples: [ExampleDecl], diagnostics: [Diagnostic]) {
        let document = try DocumentLoader(diagnostics: DiagnosticCollector()).load(text: Self.document, fileName: "examples.yaml")
        let diagnostics = DiagnosticCollector()
        let operation = try #require(document.paths[OpenAPI.Path(rawValue: path)]?.b?.get)
        let examples = ExampleCollector(document: document, diagnostics: diagnostics)
            .examples(for: operation, path: "paths.\(path).get")
        return (examples, diagnostics.diagnostics)
    }

    @Test func theFirstExampleInDocumentOrderIsCanonicalJSONAndEachResponseGivesOne() throws {
        let collected = try collect("/articles/{id}")
        #expect(collected.examples == [
            ExampleDecl(status: 200, contentType: "application/json", body: #"{"id":2,"tags":["b","a"],"title":"Second"}"#),
            ExampleDecl(status: 404, contentType: "application/problem+json", body: #"{"error":"not found"}"#),
            ExampleDecl(status: 400, contentType: "text/plain", body: "bad request"),
        ])
        #expect(collected.diagnostics.isEmpty)
    }

    @Test func examplesThatDoNotFitTheSchemaAreReportedAndSkipped() throws {
        let collected = try collect("/wrong")
        #expect(collected.examples == [
            ExampleDecl(
                status: 201, contentType: "application/json",
                body: #"{"id":3,"published":"2024-05-01T10:00:00Z","title":"Third"}"#)
        ])
        #expect(collected.diagnostics.map(\.code) == ["example-mismatch", "example-mismatch"])
        #expect(collected.diagnostics.map(\.path) == [
            "paths./wrong.get.responses.201.content.application/json.examples.badId",
            "paths./wrong.get.responses.201.content.application/json.examples.missingTitle",
        ])
        #expect(collected.diagnostics[0].message.contains("$.id: expected integer, found string"))
        #expect(collected.diagnostics[1].message.contains("required property 'title' is missing"))
    }

    @Test func defaultIsStubbedAs200OnlyWithoutA2xxAndSchemaExamplesAreTheLastResort() throws {
        let collected = try collect("/fallback")
        #expect(collected.examples == [ExampleDecl(status: 200, contentType: "application/json", body: #"{"n":1}"#)])
    }

    @Test func parameterExamplesComeFromTheExampleTheDefaultOrTheFirstEnumValue() throws {
        let document = try DocumentLoader(diagnostics: DiagnosticCollector()).load(text: Self.document, fileName: "examples.yaml")
        let operation = try #require(document.paths[OpenAPI.Path(rawValue: "/articles/{id}")]?.b?.get)
        let collector = ExampleCollector(document: document, diagnostics: DiagnosticCollector())
        let values = operation.parameters.compactMap { $0.b }.map { collector.parameterExample($0) }
        #expect(values == [.int(7), .string("newest"), .string("news"), nil])
    }
}

@Suite struct ExampleValidatorTests {
    private let validator = ExampleValidator(components: .noComponents)

    private func schema(_ yaml: String) throws -> JSONSchema {
        try YAMLDecoder().decode(JSONSchema.self, from: yaml)
    }

    @Test func primitiveKindsEnumsAndFormatsAreChecked() throws {
        let integer = try schema("{type: integer}")
        #expect(validator.problem(with: .int(1), against: integer) == nil)
        #expect(validator.problem(with: .double(2), against: integer) == nil)
        #expect(validator.problem(with: .double(2.5), against: integer) == "$: expected integer, found number")
        let status = try schema("{type: string, enum: [open, closed]}")
        #expect(validator.problem(with: .string("closed"), against: status) == nil)
        #expect(validator.problem(with: .string("ajar"), against: status) == #"$: "ajar" is not one of the schema's values"#)
        let date = try schema("{type: string, format: date-time}")
        #expect(validator.problem(with: .string("2024-05-01T10:00:00.123Z"), against: date) == nil)
        #expect(validator.problem(with: .string("yesterday"), against: date) == "$: 'yesterday' is not an RFC 3339 date-time")
        let id = try schema("{type: string, format: uuid}")
        #expect(validator.problem(with: .string("not-a-uuid"), against: id) == "$: 'not-a-uuid' is not a UUID")
    }

    @Test func nullsUnionsAndNestedPathsAreChecked() throws {
        let nullable = try schema("{anyOf: [{type: string}, {type: 'null'}]}")
        #expect(validator.problem(with: .null, against: nullable) == nil)
        #expect(validator.problem(with: .int(1), against: nullable) == "$: expected string, found integer")
        let nested = try schema("""
            {type: object, required: [items], properties: {items: {type: array, items: {type: object, required: [n], properties: {n: {type: integer}}}}}}
            """)
        let value = ExampleValue.object(["items": .array([.object(["n": .int(1)]), .object(["n": .string("2")])])])
        #expect(validator.problem(with: value, against: nested) == "$.items[1].n: expected integer, found string")
        let free = try schema("{}")
        #expect(validator.problem(with: .object(["any": .array([])]), against: free) == nil)
    }
}

@Suite struct ExampleValueTests {
    @Test func canonicalJSONSortsKeysEscapesAndDropsIntegralFractions() {
        let value = ExampleValue.object([
            "b": .array([.double(1.0), .double(0.5), .bool(true), .null]),
            "a": .string("quote \" slash \\ line\nend \u{1}"),
        ])
        #expect(value.canonicalJSON == #"{"a":"quote \" slash \\ line\nend \u0001","b":[1,0.5,true,null]}"#)
    }
}
