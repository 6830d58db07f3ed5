import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

/// Each repair: the diagnostic code, its path and position, and that the data is still there.
@Suite struct LoaderLenientFixTests {
    private func document(schemas: String, version: String = "3.1.0") -> String {
        "openapi: \(version)\ninfo: {title: Fix, version: \"1\"}\ncomponents:\n  schemas:\n" + schemas
    }

    @Test func integerBoundBeyondInt64IsDropped() throws {
        let (document, diagnostics) = try loadDocument(document(schemas: """
                Request:
                  type: object
                  properties:
                    seed: {type: integer, minimum: -9223372036854776000, maximum: 9223372036854776000}
                    count: {type: integer, minimum: 1, maximum: 10.5}
            """))
        // -9223372036854776000 is -2^63 as a Double: Int64.min, so that bound stays.
        #expect(diagnostics.map(\.code) == ["integer-bound", "integer-bound"])
        #expect(diagnostics.map(\.path) == [
            "components.schemas.Request.properties.seed.maximum", "components.schemas.Request.properties.count.maximum",
        ])
        #expect(diagnostics[0].line == 8)
        let properties = try #require(document.components.schemas["Request"]?.objectContext?.properties)
        #expect(properties["seed"]?.integerContext?.maximum == nil)
        #expect(properties["seed"]?.integerContext?.minimum?.value == Int.min)
        #expect(properties["count"]?.integerContext?.minimum?.value == 1)
        #expect(properties["count"]?.integerContext?.minimum?.exclusive == false)
    }

    /// OpenAPIKit alone would drop `properties` written beside a composition (OpenAI, PagerDuty).
    @Test func propertiesBesideACompositionAreKept() throws {
        let (document, diagnostics) = try loadDocument(document(schemas: """
                Batch:
                  type: object
                  properties:
                    file_ids: {type: array, items: {type: string}}
                    files: {type: array, items: {type: string}}
                  anyOf:
                    - required: [file_ids]
                    - required: [files]
                Channel:
                  type: object
                  properties:
                    type: {type: string}
                  oneOf:
                    - {type: object, properties: {email: {type: string}}}
                    - {type: object, properties: {sms: {type: string}}}
                Extended:
                  allOf:
                    - {type: object, properties: {id: {type: integer}}}
                  properties:
                    extra: {type: string}
            """))
        #expect(diagnostics.map(\.code) == [
            "required-alternatives", "properties-beside-composition", "properties-beside-composition",
        ])
        #expect(diagnostics[0].path == "components.schemas.Batch.anyOf")
        let batch = try #require(document.components.schemas["Batch"]?.objectContext?.properties)
        #expect(batch.keys.sorted() == ["file_ids", "files"])
        guard case .all(let channelParts, _)? = document.components.schemas["Channel"]?.value else {
            Issue.record("Channel is not an allOf")
            return
        }
        #expect(channelParts.first?.objectContext?.properties.keys.sorted() == ["type"])
        guard case .all(let extendedParts, _)? = document.components.schemas["Extended"]?.value else {
            Issue.record("Extended is not an allOf")
            return
        }
        #expect(extendedParts.compactMap { $0.objectContext?.properties.keys.first } == ["id", "extra"])
    }

    @Test func booleanExclusiveBoundsIn31AreRewrittenWithAWarning() throws {
        let (document, diagnostics) = try loadDocument(document(schemas: """
                Rate: {type: number, minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false}
            """))
        #expect(diagnostics.map(\.code) == ["exclusive-bool", "exclusive-bool"])
        #expect(diagnostics[0].path == "components.schemas.Rate.exclusiveMinimum")
        let rate = try #require(document.components.schemas["Rate"]?.numberContext)
        #expect(rate.minimum?.value == 0)
        #expect(rate.minimum?.exclusive == true)
        #expect(rate.maximum?.value == 1)
        #expect(rate.maximum?.exclusive == false)
    }

    @Test func nullableIn31IsOneWarningWithTheCount() throws {
        let (document, diagnostics) = try loadDocument(document(schemas: """
                A: {type: string, nullable: true}
                B: {type: integer, nullable: true}
            """))
        #expect(diagnostics.map(\.code) == ["nullable-in-3.1"])
        #expect(diagnostics[0].path == "components.schemas.A")
        #expect(diagnostics[0].message.contains("1 other place"))
        #expect(document.components.schemas["B"]?.nullable == true)
    }

    @Test func anOperationWithoutResponsesGetsADefault() throws {
        let (document, diagnostics) = try loadDocument("""
            openapi: 3.1.0
            info: {title: Fix, version: "1"}
            paths:
              /ping:
                post:
                  operationId: ping
            """)
        #expect(diagnostics.map(\.code) == ["no-responses"])
        #expect(diagnostics[0].path == "paths./ping.post")
        #expect(diagnostics[0].line == 5)
        let operation = try #require(document.paths["/ping"]?.pathItemValue?.post)
        #expect(operation.responses[.default]?.responseValue?.description == "")
    }

    @Test func contentKeysThatAreNotMediaTypesAreRemoved() throws {
        let (document, diagnostics) = try loadDocument("""
            openapi: 3.0.3
            info: {title: Fix, version: "1"}
            paths:
              /items:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        description: not a media type
                        examples: {}
                        application/json: {schema: {type: string}}
            """)
        #expect(diagnostics.map(\.code) == ["media-type", "media-type"])
        #expect(diagnostics.map(\.path) == [
            "paths./items.get.responses.200.content.description", "paths./items.get.responses.200.content.examples",
        ])
        let content = try #require(document.paths["/items"]?.pathItemValue?.get?.responses[status: 200]?.responseValue?.content)
        #expect(content.keys.map(\.rawValue) == ["application/json"])
    }

    @Test func multipleTypesBecomeAnAnyOf() throws {
        let (document, diagnostics) = try loadDocument(document(schemas: """
                Id: {type: [string, integer, "null"], description: an id, maxLength: 10, minimum: 1}
            """))
        #expect(diagnostics.map(\.code) == ["multi-type"])
        let id = try #require(document.components.schemas["Id"])
        guard case .any(let members, let core) = id.value else {
            Issue.record("expected anyOf, got \(id)")
            return
        }
        #expect(core.description == "an id")
        #expect(members.count == 3)
        #expect(members[0].stringContext?.maxLength == 10)
        #expect(members[1].integerContext?.minimum?.value == 1)
        #expect(members[1].integerContext?.minimum?.exclusive == false)
        #expect(id.nullable)
    }

    @Test func propertiesNamedLikeKeywordsAreLeftAlone() throws {
        let (document, diagnostics) = try loadDocument(document(schemas: """
                Odd:
                  type: object
                  properties:
                    default: {type: integer, maximum: 99999999999999999999}
                    example: {type: string}
                    content: {type: object, properties: {description: {type: string}}}
                  example: {default: {type: integer, maximum: 99999999999999999999}}
            """))
        #expect(diagnostics.map(\.path) == ["components.schemas.Odd.properties.default.maximum"])
        let names = try #require(document.components.schemas["Odd"]?.objectContext?.properties.keys)
        #expect(Array(names) == ["default", "example", "content"])
    }
}
