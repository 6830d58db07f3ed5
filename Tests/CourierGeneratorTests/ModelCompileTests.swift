import CourierTestSupport
import Foundation
import Testing
@testable import CourierGenerator

/// Generated models type-check against the built Courier module in Swift 6 mode with warnings as errors.
/// Needs `.build/debug/Modules/Courier.swiftmodule` (present after `swift build --build-tests`).
@Suite(.serialized) struct ModelCompileTests {
    static let everything = componentsDocument("""
        String: {type: object, required: [Type], properties: {Type: {type: string}, self: {type: integer}}}
        Data: {type: string, format: byte}
        Error: {type: object, properties: {default: {type: string}, when: {type: string, format: date-time}}}
        Result: {type: array, items: {$ref: "#/components/schemas/Error"}}
        Endpoint: {type: string, enum: [a, b, "1", "-1", "*", unknown]}
        Level: {type: integer, enum: [1, 2, -3]}
        Pet:
          type: object
          required: [name, tag, details]
          properties:
            name: {type: string}
            tag: {anyOf: [{type: string}, {type: "null"}]}
            id: {type: string, format: uuid}
            details:
              oneOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
              discriminator: {propertyName: kind, mapping: {cat: "#/components/schemas/Cat", dog: Dog}}
            loc: {type: array, items: {anyOf: [{type: string}, {type: integer}]}}
            extra: {type: object, additionalProperties: {type: integer}}
            any: {}
            owner: {type: object, properties: {name: {type: string}}}
            maybe: {oneOf: [{type: "null"}, {$ref: "#/components/schemas/Cat"}]}
          additionalProperties: {type: [string, "null"]}
        Cat: {type: object, properties: {kind: {type: string, const: cat}, lives: {type: integer}}}
        Dog: {type: object, properties: {kind: {type: string, const: dog}, good_boy: {type: boolean}}}
        Node:
          type: object
          required: [value]
          properties:
            value: {type: number}
            next: {$ref: "#/components/schemas/Node"}
            left: {$ref: "#/components/schemas/Tree"}
        Tree:
          anyOf: [{$ref: "#/components/schemas/Node"}, {type: array, items: {$ref: "#/components/schemas/Tree"}}, {type: boolean}]
        Derived:
          allOf:
            - $ref: "#/components/schemas/Cat"
            - {type: object, required: [title, lives], properties: {born: {type: string, format: date}}}
        Mixed:
          oneOf:
            - {type: object, properties: {a: {type: string}}}
            - {type: object, properties: {b: {type: integer}}}
            - {type: string}
        Metadata:
          anyOf: [{type: object, additionalProperties: {type: string}}, {type: "null"}]
        Upload:
          type: object
          required: [file]
          properties:
            file: {type: string, format: binary}
            files: {type: array, items: {type: string, format: binary}}
        """)

    @Test func everyShapeCompilesWithoutWarnings() async throws {
        let models = try mapModels(Self.everything, roots: [("Upload", .multipart)])
        let files = ModelEmitter(moduleName: "GeneratedModels", shardSize: 5).files(for: models.types)
        let outcome = try await typecheckModels(files)
        #expect(outcome.errorText == "" && outcome.status == 0)
    }

    @Test(arguments: [
        "fastapi-petshop-3.1.json", "sog-reference-petstore.yaml", "redocly-museum-3.1.yaml", "twilio-messaging-v1.yaml",
    ])
    func corpusDocumentCompiles(name: String) async throws {
        let url = try #require(corpusDocument(name))
        let (outcome, models) = try await typecheckModels(ofDocumentAt: url)
        #expect(!models.types.isEmpty)
        #expect(outcome.errorText == "" && outcome.status == 0)
    }

    @Test func fastAPINamesMatchThePlan() throws {
        let url = try #require(corpusDocument("fastapi-petshop-3.1.json"))
        let models = try mapModels(String(contentsOf: url, encoding: .utf8), roots: [("Body_upload", .multipart)])
        #expect(models.types.map(\.name) == [
            "BodyLogin", "BodyUpload", "Cat", "Dog", "HTTPValidationError", "IntOrString", "Pet", "PetDetails", "PetIn",
            "Species", "ValidationError",
        ])
        let petIn = try #require(models.object("PetIn"))
        #expect(petIn.properties.map { "\($0.swiftName): \($0.isOptional ? TypeRef.optional($0.type).swift : $0.type.swift)" } == [
            "name: Swift.String", "species: Species", "tag: Swift.String?", "details: PetDetails",
            "extra: [Swift.String: Swift.Int]?",
        ])
        #expect(models.object("ValidationError")?.properties.map(\.type.swift) == [
            "[IntOrString]", "Swift.String", "Swift.String", "Courier.JSONValue", "[Swift.String: Courier.JSONValue]",
        ])
        #expect(models.object("BodyUpload")?.properties.map(\.type.swift) == ["Courier.MultipartFile", "Swift.String"])
        #expect(models.enumeration("Species")?.cases.map(\.swiftName) == ["dog", "cat", "bird"])
    }
}

