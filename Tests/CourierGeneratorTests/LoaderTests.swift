import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

@Suite struct LoaderTests {
    @Test func swagger2IsRefusedWithAClearMessage() throws {
        let failure = try #require(loadFailure("swagger: \"2.0\"\ninfo: {title: P, version: \"1\"}\npaths: {}\n", fileName: "petstore.yaml"))
        #expect(failure.kind == .refused)
        let error = try #require(failure.diagnostics.first { $0.severity == .error })
        #expect(error.code == "swagger2")
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("petstore.yaml is Swagger 2.0 (swagger: \"2.0\", line 1)."))
        #expect(error.message.contains("courier generate reads OpenAPI 3.0 and 3.1; convert it first"))
        #expect(error.message.contains("Convert to OpenAPI 3"))
    }

    @Test func aDocumentWithoutAnOpenAPIVersionIsUnreadable() throws {
        let failure = try #require(loadFailure("info: {title: P, version: \"1\"}\npaths: {}\n"))
        #expect(failure.kind == .unreadable)
        #expect(failure.diagnostics.map(\.code) == ["unreadable"])
        #expect(failure.diagnostics[0].message.contains("no `openapi:` version"))
    }

    @Test func anUnsupportedVersionIsRefusedByName() throws {
        let failure = try #require(loadFailure("openapi: 4.0.0\ninfo: {title: P, version: \"1\"}\npaths: {}\n"))
        #expect(failure.kind == .refused)
        #expect(failure.diagnostics.map(\.code) == ["openapi-version"])
        #expect(failure.diagnostics[0].message.contains("OpenAPI 4.0.0"))
    }

    @Test func textThatIsNotYAMLReportsTheParserPosition() throws {
        let failure = try #require(loadFailure("openapi: 3.1.0\ninfo: {title: [\n"))
        #expect(failure.kind == .unreadable)
        #expect(failure.diagnostics.first?.line != nil)
    }

    @Test func yamlNoStaysAString() throws {
        let (document, _) = try loadDocument("""
            openapi: 3.1.0
            info: {title: Countries, version: "1"}
            components:
              schemas:
                Country:
                  type: string
                  enum: [SE, NO, on, "yes"]
                Flag: {type: boolean, default: true}
            """)
        let country = try #require(document.components.schemas["Country"])
        let values = try #require(country.allowedValues).map { $0.value as? String }
        #expect(values == ["SE", "NO", "on", "yes"])
        let flag = try #require(document.components.schemas["Flag"])
        #expect(flag.defaultValue?.value as? Bool == true)
    }

    @Test func openAPI30DocumentsDecodeWithThe31Model() throws {
        let (document, diagnostics) = try loadDocument("""
            openapi: 3.0.3
            info: {title: Old, version: "1"}
            paths: {}
            components:
              schemas:
                Age: {type: integer, minimum: 0, exclusiveMinimum: true, nullable: true}
            """)
        let age = try #require(document.components.schemas["Age"])
        #expect(age.nullable)
        #expect(age.integerContext?.minimum?.value == 0)
        #expect(age.integerContext?.minimum?.exclusive == true)
        // The 3.0 → 3.1 rewrite is silent in a 3.0 document, and OpenAPIKit's version-mapping notice is dropped.
        #expect(diagnostics.isEmpty)
    }

    @Test func jsonAndYAMLOfOneDocumentDecodeEqual() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Pets, version: "1"}
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
                  responses:
                    "200":
                      description: ok
                      content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}
            components:
              schemas:
                Pet: {type: object, required: [name], properties: {name: {type: string}, tag: {type: [string, "null"]}}}
            """
        let json = """
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
             "paths": {"/pets/{id}": {"get": {"operationId": "getPet",
               "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
               "responses": {"200": {"description": "ok",
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
             "components": {"schemas": {"Pet": {"type": "object", "required": ["name"],
               "properties": {"name": {"type": "string"}, "tag": {"type": ["string", "null"]}}}}}}
            """
        let (fromYAML, _) = try loadDocument(yaml, fileName: "pets.yaml")
        let (fromJSON, _) = try loadDocument(json, fileName: "pets.json")
        #expect(fromYAML == fromJSON)
        #expect(fromJSON.paths["/pets/{id}"]?.pathItemValue?.get?.responses[status: 200] != nil)
    }

    @Test func aDecodeFailureNamesThePathAndPosition() throws {
        let failure = try #require(loadFailure("""
            openapi: 3.1.0
            info: {title: Bad, version: "1"}
            paths:
              /pets:
                get:
                  parameters:
                    - {name: id, in: nowhere}
                  responses: {"204": {description: done}}
            """))
        #expect(failure.kind == .unreadable)
        let error = try #require(failure.diagnostics.first)
        #expect(error.code == "unreadable")
        #expect(error.path.hasPrefix("paths./pets.get.parameters"))
        #expect(error.line == 7)
    }

    @Test func theSourceMapLocatesDottedPathsWithDotsAndSlashesInKeys() throws {
        let diagnostics = DiagnosticCollector()
        _ = try DocumentLoader(diagnostics: diagnostics).load(text: """
            openapi: 3.1.0
            info: {title: Map, version: "1"}
            paths:
              /files/{name}.json:
                get:
                  responses:
                    "200":
                      description: ok
            components:
              schemas:
                Pet:
                  properties:
                    tag: {type: string}
            """, fileName: "map.yaml")
        let tag = diagnostics.locate("components.schemas.Pet.properties.tag")
        #expect(tag.file == "map.yaml")
        #expect(tag.line == 13)
        #expect(tag.column == 9)
        #expect(diagnostics.locate("paths./files/{name}.json.get.responses.200").line == 7)
        // Deeper than the tree: the deepest existing node.
        #expect(diagnostics.locate("components.schemas.Pet.properties.tag.items.x").line == 13)
    }
}
