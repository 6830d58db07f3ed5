import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

@Suite struct LoaderBundlerTests {
    @Test func aMultiFileDocumentWithACycleBundles() throws {
        let diagnostics = DiagnosticCollector()
        let document = try DocumentLoader(diagnostics: diagnostics).load(url: try loaderFixture("multi/root.yaml"))
        // The local `pet` keeps its name; the file `schemas/pet.yaml` becomes `pet2`.
        #expect(Array(document.components.schemas.keys.map(\.rawValue)) == ["pet", "Owner", "pet2"])
        #expect(Array(document.components.parameters.keys.map(\.rawValue)) == ["limit"])
        let owner = try #require(document.components.schemas["Owner"]?.objectContext?.properties)
        #expect(owner["best"]?.reference?.name == "Owner")
        #expect(owner["pets"]?.arrayContext?.items?.reference?.name == "pet2")
        let pet = try #require(document.components.schemas["pet2"]?.objectContext?.properties)
        #expect(pet["owner"]?.reference?.name == "Owner")
        #expect(pet["kind"]?.discriminator?.mapping?["owner"] == "#/components/schemas/Owner")
        // The path item from paths/owner.yaml is inlined, its refs resolved relative to that file.
        let getOwner = try #require(document.paths["/owners/{id}"]?.pathItemValue?.get)
        #expect(getOwner.operationId == "getOwner")
        // Positions in hoisted components name their file.
        let place = diagnostics.locate("components.schemas.Owner.properties.pets")
        #expect(place.file == "schemas/owner.yaml")
        #expect(place.line == 5)
    }

    @Test func remoteReferencesAreNotFetched() throws {
        let failure = try #require(loadFailure("""
            openapi: 3.1.0
            info: {title: Remote, version: "1"}
            components:
              schemas:
                Pet: {$ref: "https://example.com/pet.yaml"}
            """))
        #expect(failure.kind == .unreadable)
        #expect(failure.diagnostics.map(\.code) == ["remote-ref"])
        #expect(failure.diagnostics[0].message.contains("remote references are not fetched; download the file"))
    }

    @Test func pointersInsideComponentsAreHoisted() throws {
        let (document, diagnostics) = try loadDocument("""
            openapi: 3.0.2
            info: {title: Deep, version: "1"}
            paths:
              /things:
                get:
                  parameters: [{name: state, in: query, schema: {$ref: "#/components/parameters/state/schema"}}]
                  responses:
                    "409": {$ref: "#/components/responses/Conflict"}
                    "400":
                      description: bad
                      content:
                        application/json: {schema: {$ref: "#/components/responses/Conflict/content/application~1json/schema"}}
            components:
              parameters:
                state: {name: state, in: query, schema: {type: string, enum: [on, off]}}
              responses:
                Conflict:
                  description: conflict
                  content:
                    application/json: {schema: {type: object, properties: {error: {type: string}}}}
              schemas:
                Tag:
                  allOf:
                    - {type: object, properties: {id: {type: string}}}
                Label: {$ref: "#/components/schemas/Tag/allOf/0"}
            """)
        #expect(diagnostics.map(\.code) == ["deep-ref", "deep-ref", "deep-ref"])
        let names = Array(document.components.schemas.keys.map(\.rawValue))
        #expect(names == ["Tag", "Label", "stateSchema", "ConflictSchema", "Tag0"])
        #expect(document.components.schemas["Label"]?.reference?.name == "Tag0")
        #expect(document.components.schemas["stateSchema"]?.allowedValues?.map { $0.value as? String } == ["on", "off"])
    }

    @Test func aResponseReferringToARequestBodyGetsAResponseCopy() throws {
        let (document, diagnostics) = try loadDocument("""
            openapi: 3.0.2
            info: {title: Kind, version: "1"}
            paths:
              /things:
                put:
                  requestBody: {$ref: "#/components/requestBodies/Thing"}
                  responses:
                    "200": {$ref: "#/components/requestBodies/Thing"}
            components:
              requestBodies:
                Thing:
                  content:
                    application/json: {schema: {type: string}}
            """)
        #expect(diagnostics.map(\.code) == ["ref-kind"])
        #expect(diagnostics[0].path == "paths./things.put.responses.200")
        #expect(diagnostics[0].line == 8)
        let response = try #require(document.components.responses["Thing"]?.b)
        #expect(response.description == "")
        #expect(response.content.keys.map(\.rawValue) == ["application/json"])
    }
}
