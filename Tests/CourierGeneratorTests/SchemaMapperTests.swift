import Testing
@testable import CourierGenerator

@Suite struct SchemaMapperTests {
    @Test func nullUnionsOfEveryKindBecomeOptional() throws {
        let models = try mapModels(componentsDocument("""
            Thing:
              type: object
              required: [a, b, c, d]
              properties:
                a: {anyOf: [{type: string}, {type: "null"}]}
                b: {type: [integer, "null"]}
                c: {oneOf: [{type: "null"}, {$ref: "#/components/schemas/Other"}]}
                d: {type: string}
                e: {type: object, additionalProperties: {oneOf: [{type: "null"}, {$ref: "#/components/schemas/Other"}]}}
            Other:
              type: object
              properties:
                x: {type: string}
            """))
        let thing = try #require(models.object("Thing"))
        let summary = thing.properties.map { "\($0.swiftName):\($0.type.swift):\($0.required):\($0.nullable)" }
        #expect(summary == [
            "a:Swift.String:true:true", "b:Swift.Int:true:true", "c:Other:true:true", "d:Swift.String:true:false",
            "e:[Swift.String: Other?]:false:false",
        ])
        #expect(models.types.map(\.name) == ["Other", "Thing"])
    }

    @Test func anAllOfThatOnlyDescribesAReferenceIsThatType() throws {
        let models = try mapModels(componentsDocument("""
            Agent:
              type: object
              properties:
                name: {type: string}
            Ask:
              type: object
              properties:
                agent:
                  allOf:
                    - {$ref: "#/components/schemas/Agent"}
                    - {description: The agent that answers.}
                count:
                  allOf:
                    - {type: integer}
                    - {example: 3}
            """))
        let ask = try #require(models.object("Ask"))
        #expect(ask.properties.map(\.type) == [.named("Agent"), .primitive(.int)])
        #expect(models.codes.isEmpty)
    }

    @Test func aComponentThatIsANullableObjectIsStillDeclared() throws {
        let models = try mapModels(componentsDocument("""
            Metadata:
              anyOf:
                - {type: object, properties: {k: {type: string}}}
                - {type: "null"}
            Holder:
              type: object
              required: [meta]
              properties:
                meta: {$ref: "#/components/schemas/Metadata"}
            """))
        #expect(models.object("Metadata")?.properties.map(\.wireName) == ["k"])
        let meta = try #require(models.object("Holder")?.properties.first)
        #expect(meta.type == .named("Metadata") && meta.nullable && meta.isOptional)
    }

    @Test func enumsInlineObjectsAndStructuralUnions() throws {
        let models = try mapModels(componentsDocument("""
            Pet:
              type: object
              required: [status]
              properties:
                status: {type: string, enum: [available, sold, "1.0"]}
                owner: {type: object, properties: {name: {type: string}}}
                loc: {type: array, items: {anyOf: [{type: string}, {type: integer}]}}
                other: {anyOf: [{type: integer}, {type: string}]}
                kind: {type: string, const: pet}
            """))
        #expect(models.enumeration("PetStatus")?.cases.map(\.swiftName) == ["available", "sold", "_1_0"])
        #expect(models.object("PetOwner")?.properties.map(\.swiftName) == ["name"])
        let pet = try #require(models.object("Pet"))
        #expect(pet.properties.map(\.type) == [
            .named("PetStatus"), .named("PetOwner"), .array(.named("IntOrString")), .named("IntOrString"),
            .primitive(.string),
        ])
        let union = try #require(models.union("IntOrString"))
        #expect(union.cases.map(\.swiftName) == ["integer", "string"])
    }

    @Test func discriminatedUnionsTakeMappingTagsAndAreSharedByStructure() throws {
        let models = try mapModels(componentsDocument("""
            Cat: {type: object, properties: {kind: {type: string}}}
            Dog: {type: object, properties: {kind: {type: string}}}
            Pet:
              type: object
              properties:
                details:
                  oneOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
                  discriminator: {propertyName: kind, mapping: {cat: "#/components/schemas/Cat"}}
            PetIn:
              type: object
              properties:
                details:
                  oneOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
                  discriminator: {propertyName: kind, mapping: {cat: "#/components/schemas/Cat"}}
            """))
        let union = try #require(models.union("PetDetails"))
        #expect(union.discriminator == "kind")
        #expect(union.cases.map { "\($0.swiftName)=\($0.tags)" } == ["cat=[\"cat\"]", "dog=[\"Dog\"]"])
        #expect(models.object("PetIn")?.properties.first?.type == .named("PetDetails"))
        #expect(models["PetInDetails"] == nil)
    }

    @Test func allOfMergesReferencedParts() throws {
        let models = try mapModels(componentsDocument("""
            Base:
              type: object
              required: [id]
              properties:
                id: {type: integer}
                name: {type: string}
            Derived:
              allOf:
                - $ref: "#/components/schemas/Base"
                - type: object
                  required: [name]
                  properties:
                    extra: {type: boolean}
            Described:
              allOf: [{$ref: "#/components/schemas/Base"}]
              description: just Base
            """))
        let derived = try #require(models.object("Derived"))
        #expect(derived.properties.map { "\($0.wireName):\($0.required)" } == ["id:true", "name:true", "extra:false"])
        #expect(models.alias("Described")?.target == .named("Base"))
    }

    @Test func requiredButUndefinedIsARequiredJSONValueWithAWarning() throws {
        let models = try mapModels(componentsDocument("""
            Article:
              type: object
              required: [title, body]
              properties:
                body: {type: string}
            """))
        let title = try #require(models.object("Article")?.properties.first { $0.wireName == "title" })
        #expect(title.type == .primitive(.json) && title.required && !title.isOptional)
        #expect(models.codes == ["required-missing"])
    }

    @Test func recursionIsBoxedAndCyclicUnionsAreIndirect() throws {
        let models = try mapModels(componentsDocument("""
            Node:
              type: object
              properties:
                next: {$ref: "#/components/schemas/Node"}
                children: {type: array, items: {$ref: "#/components/schemas/Node"}}
            Expr:
              oneOf: [{$ref: "#/components/schemas/Sum"}, {type: integer}]
            Sum:
              type: object
              required: [left]
              properties:
                left: {$ref: "#/components/schemas/Expr"}
            """))
        let node = try #require(models.object("Node"))
        #expect(node.properties.map(\.boxed) == [true, false])
        #expect(models.union("Expr")?.isIndirect == true)
        #expect(models.object("Sum")?.properties.first?.boxed == false)
    }

    @Test func binaryIsAFileOnlyInModelsThatOnlyMultipartUses() throws {
        let schemas = componentsDocument("""
            Upload:
              type: object
              required: [file]
              properties:
                file: {type: string, contentMediaType: application/octet-stream}
                note: {type: string}
            Shared:
              type: object
              properties:
                blob: {type: string, format: binary}
            """)
        let models = try mapModels(schemas, roots: [("Upload", .multipart), ("Shared", .multipart), ("Shared", .json)])
        let upload = try #require(models.object("Upload"))
        #expect(upload.properties.first?.type == .primitive(.file) && upload.isEncodeOnly)
        #expect(models.object("Shared")?.properties.first?.type == .primitive(.data))
        #expect(models.codes == ["binary-shared"])
        let unused = try mapModels(schemas)
        #expect(unused.object("Upload")?.properties.first?.type == .primitive(.data))
    }

    @Test func namesAreSwiftSafeAndUniquePerScope() throws {
        let models = try mapModels(componentsDocument("""
            String: {type: object, properties: {self: {type: string}, default: {type: integer}, Default: {type: boolean}}}
            string: {type: integer}
            Type: {type: string, enum: [unknown, a-b, "*"]}
            """))
        #expect(models.types.map(\.name) == ["String", "String2", "Type_"])
        #expect(models.object("String")?.properties.map(\.swiftName) == ["self_", "`default`", "default2"])
        #expect(models.enumeration("Type_")?.cases.map(\.swiftName) == ["unknown2", "aB", "star"])
    }

    @Test func filteringKeepsOnlyReachableTypes() throws {
        let diagnostics = DiagnosticCollector()
        let document = try DocumentLoader(diagnostics: diagnostics).load(
            text: componentsDocument("""
                A: {type: object, properties: {b: {$ref: "#/components/schemas/B"}}}
                B: {type: object, properties: {x: {type: string}}}
                C: {type: object, properties: {y: {type: string}}}
                """), fileName: "t.yaml")
        let mapper = SchemaMapper(document: document, moduleName: "M", diagnostics: diagnostics)
        _ = mapper.typeRef(for: .reference(.component(named: "A")), nameHint: "Body", use: .json, path: "p")
        #expect(mapper.finish(includingUnreferencedComponents: false).map(\.name) == ["A", "B"])
    }
}
