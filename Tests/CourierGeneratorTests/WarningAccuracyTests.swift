import Testing
@testable import CourierGenerator

/// Warnings say exactly what happens to the data, no more and no less (issue #25, item 7).
@Suite struct WarningAccuracyTests {
    @Test func anAllOfPartNotMergedSaysItsKeysAreKeptInAdditionalProperties() throws {
        let models = try mapModels(componentsDocument("""
            Tagged:
              allOf:
                - {type: object, properties: {id: {type: integer}}, additionalProperties: true}
                - oneOf: [{type: string}, {type: integer}]
            """))
        let warning = try #require(models.diagnostics.first { $0.code == "allof-part-ignored" })
        #expect(warning.message.contains("kept in `additionalProperties` (as Courier.JSONValue)"))
        #expect(!warning.message.contains("its value is not decoded"))
        #expect(models.object("Tagged")?.additionalProperties == .primitive(.json))
    }

    @Test func anAllOfPartNotMergedWithoutAdditionalPropertiesSaysItsKeysAreNotDecoded() throws {
        let models = try mapModels(componentsDocument("""
            Tagged:
              allOf:
                - {type: object, properties: {id: {type: integer}}}
                - oneOf: [{type: string}, {type: integer}]
            """))
        let warning = try #require(models.diagnostics.first { $0.code == "allof-part-ignored" })
        #expect(warning.message.hasSuffix("keys only this part describes are not decoded (the struct has no `additionalProperties`)"))
    }

    @Test func additionalPropertiesBesideACompositionIsNamedAsSuch() throws {
        let (_, diagnostics) = try loadDocument("""
            openapi: 3.1.0
            info: {title: Fix, version: "1"}
            components:
              schemas:
                Labels:
                  allOf:
                    - {type: object, properties: {id: {type: integer}}}
                  additionalProperties: {type: string}
                Both:
                  oneOf:
                    - {type: object, properties: {a: {type: string}}}
                  properties:
                    b: {type: string}
                  additionalProperties: true
            """)
        let warnings = diagnostics.filter { $0.code == "properties-beside-composition" }
        #expect(warnings.map(\.path) == [
            "components.schemas.Labels.additionalProperties", "components.schemas.Both.properties",
        ])
        #expect(warnings.map(\.message) == [
            "`additionalProperties` beside `allOf` read as one more `allOf` part",
            "`properties` and `additionalProperties` beside `oneOf` read as `allOf` of the object and the `oneOf`",
        ])
    }
}
