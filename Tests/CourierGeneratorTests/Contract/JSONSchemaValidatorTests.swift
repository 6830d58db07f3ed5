import Foundation
import OpenAPIKit
import Testing

@testable import CourierGenerator

/// The general JSON-schema validator behind `courier mock` and the contract middleware: one test per keyword, each
/// pinning the exact message and its JSON pointer.
@Suite("JSON schema validator")
struct JSONSchemaValidatorTests {
    /// The problems of `json` against the component schema `schema` (JSON text) of a document of `version`.
    private func problems(_ json: String, _ schema: String, version: String = "3.1.0") throws -> [String] {
        let text = """
            openapi: \(version)
            info: {title: Validator, version: "1"}
            paths: {}
            components:
              schemas:
                Subject: \(schema)
                Name: {type: string}
            """
        let contract = try APIContract(text: text)
        let subject = try #require(contract.document.components.schemas.first { $0.key.rawValue == "Subject" }?.value)
        let value = try ExampleValue(json: Data(json.utf8))
        return JSONSchemaValidator(components: contract.document.components)
            .problems(with: value, against: subject, at: "/body").map(\.description)
    }

    @Test("type: each JSON kind, with the value it got")
    func types() throws {
        #expect(try problems("42", #"{"type": "string"}"#) == ["/body: expected string, got 42"])
        #expect(try problems("1.5", #"{"type": "integer"}"#) == ["/body: expected integer, got 1.5"])
        #expect(try problems("2.0", #"{"type": "integer"}"#) == [])
        #expect(try problems(#""true""#, #"{"type": "boolean"}"#) == [#"/body: expected boolean, got "true""#])
        #expect(try problems("[1]", #"{"type": "object"}"#) == ["/body: expected object, got an array"])
        #expect(try problems(#"{"a": 1}"#, #"{"type": "array"}"#) == ["/body: expected array, got an object"])
        #expect(try problems("true", #"{"type": "number"}"#) == ["/body: expected number, got true"])
    }

    @Test("required and properties: a missing property at its own pointer, a wrong one at its pointer")
    func requiredAndProperties() throws {
        let person = #"{"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}}"#
        #expect(try problems("{}", person) == [#"/body/name: required property "name" is missing"#])
        #expect(try problems(#"{"name": 42, "age": "x"}"#, person) == [#"/body/age: expected integer, got "x""#, "/body/name: expected string, got 42"])
        #expect(try problems(#"{"name": "Ada"}"#, person) == [])
    }

    @Test("additionalProperties: false refuses other names; a schema checks them")
    func additionalProperties() throws {
        let closed = #"{"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": false}"#
        #expect(try problems(#"{"name": "a", "a/b": 1}"#, closed) == [#"/body/a~1b: property "a/b" is not allowed (additionalProperties is false)"#])
        let counts = #"{"type": "object", "additionalProperties": {"type": "integer"}}"#
        #expect(try problems(#"{"a": 1, "b": "x"}"#, counts) == [#"/body/b: expected integer, got "x""#])
    }

    @Test("enum: the value and the allowed ones")
    func enumValues() throws {
        #expect(try problems(#""c""#, #"{"type": "string", "enum": ["a", "b"]}"#) == [#"/body: "c" is not one of "a", "b""#])
        #expect(try problems(#""b""#, #"{"type": "string", "enum": ["a", "b"]}"#) == [])
    }

    @Test("items, minItems, maxItems, uniqueItems: each item at its index")
    func items() throws {
        #expect(try problems(#"[1, "2", 3]"#, #"{"type": "array", "items": {"type": "integer"}}"#) == [#"/body/1: expected integer, got "2""#])
        let sized = #"{"type": "array", "minItems": 2, "maxItems": 3, "uniqueItems": true}"#
        #expect(try problems("[1]", sized) == ["/body: has 1 items, fewer than the minimum 2"])
        #expect(try problems("[1, 2, 3, 4]", sized) == ["/body: has 4 items, more than the maximum 3"])
        #expect(try problems("[1, 2, 1]", sized) == ["/body/2: repeats item 0; items must be unique"])
    }

    @Test("minimum, maximum, exclusive bounds and multipleOf")
    func bounds() throws {
        let range = #"{"type": "integer", "minimum": 1, "maximum": 10}"#
        #expect(try problems("0", range) == ["/body: 0 is less than the minimum 1"])
        #expect(try problems("11", range) == ["/body: 11 is greater than the maximum 10"])
        #expect(try problems("10", range) == [])
        #expect(try problems("0", #"{"type": "number", "exclusiveMinimum": 0}"#) == ["/body: 0 is not greater than the exclusive minimum 0"])
        #expect(try problems("2.5", #"{"type": "number", "exclusiveMaximum": 2.5}"#) == ["/body: 2.5 is not less than the exclusive maximum 2.5"])
        #expect(try problems("7", #"{"type": "integer", "multipleOf": 5}"#) == ["/body: 7 is not a multiple of 5"])
    }

    @Test("minLength and maxLength count Unicode scalars")
    func lengths() throws {
        let sized = #"{"type": "string", "minLength": 2, "maxLength": 3}"#
        #expect(try problems(#""a""#, sized) == [#"/body: "a" is shorter than the minimum length 2"#])
        #expect(try problems(#""abcd""#, sized) == [#"/body: "abcd" is longer than the maximum length 3"#])
        #expect(try problems(#""éé""#, sized) == [])
    }

    @Test("pattern matches anywhere unless anchored; a broken pattern accepts")
    func pattern() throws {
        #expect(try problems(#""ab1""#, #"{"type": "string", "pattern": "^[a-z]+$"}"#) == [#"/body: "ab1" does not match the pattern ^[a-z]+$"#])
        #expect(try problems(#""xx12""#, #"{"type": "string", "pattern": "[0-9]"}"#) == [])
        #expect(try problems(#""x""#, #"{"type": "string", "pattern": "([a-z"}"#) == [])
    }

    @Test("oneOf needs exactly one branch, anyOf at least one, allOf every one")
    func combinations() throws {
        let either = #"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"#
        #expect(try problems("true", either) == [
            "/body: matches none of the 2 oneOf schemas (1: /body: expected string, got true; 2: /body: expected integer, got true)",
        ])
        #expect(try problems("1", either) == [])
        #expect(try problems("1", #"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#) == [
            "/body: matches 2 of the oneOf schemas (1 and 2); exactly one must match",
        ])
        let any = #"{"anyOf": [{"type": "string", "maxLength": 1}, {"type": "integer"}]}"#
        #expect(try problems(#""ab""#, any) == [
            #"/body: matches none of the 2 anyOf schemas (1: /body: "ab" is longer than the maximum length 1; 2: /body: expected integer, got "ab")"#,
        ])
        let both = #"{"allOf": [{"type": "object", "required": ["a"], "properties": {"a": {}}}, {"type": "object", "required": ["b"], "properties": {"b": {}}}]}"#
        #expect(try problems("{}", both) == [#"/body/a: required property "a" is missing"#, #"/body/b: required property "b" is missing"#])
    }

    @Test("null: 3.0 nullable, 3.1 type lists with null, and type null")
    func nulls() throws {
        #expect(try problems("null", #"{"type": "string", "nullable": true}"#, version: "3.0.3") == [])
        #expect(try problems("null", #"{"type": "string"}"#, version: "3.0.3") == ["/body: expected string, got null"])
        #expect(try problems("null", #"{"type": ["string", "null"]}"#) == [])
        #expect(try problems("1", #"{"type": ["string", "null"]}"#) == ["/body: expected string, got 1"])
        #expect(try problems("1", #"{"type": "null"}"#) == ["/body: expected null, got 1"])
    }

    @Test("formats: uuid and date-time (and date, email)")
    func formats() throws {
        #expect(try problems(#""not-a-uuid""#, #"{"type": "string", "format": "uuid"}"#) == [#"/body: "not-a-uuid" is not a UUID"#])
        #expect(try problems(#""3F2504E0-4F89-11D3-9A0C-0305E82C3301""#, #"{"type": "string", "format": "uuid"}"#) == [])
        #expect(try problems(#""yesterday""#, #"{"type": "string", "format": "date-time"}"#) == [#"/body: "yesterday" is not an RFC 3339 date-time"#])
        #expect(try problems(#""2024-05-01T12:30:00.250Z""#, #"{"type": "string", "format": "date-time"}"#) == [])
        #expect(try problems(#""2024-13-01""#, #"{"type": "string", "format": "date"}"#) == [#"/body: "2024-13-01" is not an RFC 3339 full-date"#])
        #expect(try problems(#""ada""#, #"{"type": "string", "format": "email"}"#) == [#"/body: "ada" is not an email address"#])
    }

    @Test("references resolve inside the document")
    func references() throws {
        #expect(try problems("1", ##"{"$ref": "#/components/schemas/Name"}"##) == ["/body: expected string, got 1"])
        #expect(try problems(#"[{"n": 1}]"#, ##"{"type": "array", "items": {"type": "object", "properties": {"n": {"$ref": "#/components/schemas/Name"}}}}"##) == [
            "/body/0/n: expected string, got 1",
        ])
    }

    /// A validator of the component schemas `schemas` (YAML, indented under `schemas:`) and the schema `subject` names.
    private func validator(_ schemas: String, subject: String) throws -> (JSONSchemaValidator, JSONSchema) {
        let text = """
            openapi: 3.1.0
            info: {title: Validator, version: "1"}
            paths: {}
            components:
              schemas:
            \(schemas)
            """
        let contract = try APIContract(text: text)
        let schema = try #require(contract.document.components.schemas.first { $0.key.rawValue == subject }?.value)
        return (JSONSchemaValidator(components: contract.document.components), schema)
    }

    /// `Node: oneOf[A, B, C]`, each with `children: [Node]`: every level checks three branches, each of which
    /// checks the children, so the work is 3^depth without a budget.
    private static let tree = """
            Node: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}, {$ref: '#/components/schemas/C'}]}
            A: {type: object, required: [a], properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}
            B: {type: object, required: [b], properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}
            C: {type: object, required: [c], properties: {children: {type: array, items: {$ref: '#/components/schemas/Node'}}}}
        """

    /// `{"a":1,"children":[{"a":1,"children":[…]}]}`, `levels` deep.
    private static func nested(_ levels: Int) -> ExampleValue {
        (0..<levels).reduce(ExampleValue.object(["a": .int(1)])) { inner, _ in .object(["a": .int(1), "children": .array([inner])]) }
    }

    @Test("a recursive oneOf stops at the step budget with one problem, instead of branches^depth work")
    func stepBudget() throws {
        let (validator, node) = try validator(Self.tree, subject: "Node")
        #expect(validator.problems(with: Self.nested(2), against: node, at: "/body") == [])
        let deep = validator.validation(of: Self.nested(40), against: node, at: "/body")
        #expect(deep.visits <= validator.stepBudget)
        #expect(deep.problems.map(\.problem) == ["not fully checked: the schema is too costly"])
        #expect(deep.problems.first?.at.hasPrefix("/body/children/0") == true)

        var small = validator
        small.stepBudget = 10
        let cut = small.validation(of: Self.nested(3), against: node, at: "/body")
        #expect(cut.visits == 10)
        #expect(cut.problems.map(\.problem) == ["not fully checked: the schema is too costly"])
    }

    /// `Pet: oneOf[Cat, Dog]` told apart by `kind` alone: neither branch has a `const` or `enum` on it, and a dog
    /// is a valid cat too (no `additionalProperties: false`).
    private static let pets = """
            Pet:
              oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
              discriminator: {propertyName: kind, mapping: {kitty: '#/components/schemas/Cat'}}
            Cat: {type: object, required: [kind], properties: {kind: {type: string}, lives: {type: integer}}}
            Dog: {type: object, required: [kind], properties: {kind: {type: string}, bark: {type: boolean}}}
        """

    @Test("discriminator: only the branch the tag (or its mapping) names is checked; an unknown tag is named")
    func discriminator() throws {
        let (validator, pet) = try validator(Self.pets, subject: "Pet")
        func problems(_ json: String) throws -> [String] {
            validator.problems(with: try ExampleValue(json: Data(json.utf8)), against: pet, at: "/body").map(\.description)
        }
        #expect(try problems(#"{"kind": "Dog", "bark": true}"#) == [])
        #expect(try problems(#"{"kind": "kitty", "lives": 9}"#) == [])
        #expect(try problems(#"{"kind": "Cat", "lives": 9}"#) == [])
        #expect(try problems(#"{"kind": "kitty", "lives": "nine"}"#) == [#"/body/lives: expected integer, got "nine""#])
        #expect(try problems(#"{"kind": "Dog", "bark": "loud"}"#) == [#"/body/bark: expected boolean, got "loud""#])
        #expect(try problems(#"{"kind": "Fish"}"#) == [#"/body/kind: "Fish" is not a value of the discriminator (expected one of "kitty", "Dog")"#])
        #expect(try problems(#"{"lives": 9}"#) == [#"/body/kind: required property "kind" is missing (it is the discriminator)"#])
        #expect(try problems(#"{"kind": 7}"#) == [#"/body/kind: expected string, got 7 ("kind" is the discriminator)"#])
    }

    @Test("a pattern is compiled once per validator, however many values it checks")
    func patternCache() throws {
        let (validator, code) = try validator("    Code: {type: string, pattern: '^[A-Z]{3}$'}", subject: "Code")
        #expect(validator.problems(with: .string("ABC"), against: code, at: "/body") == [])
        #expect(validator.problems(with: .string("abc"), against: code, at: "/body").map(\.description) == [#"/body: "abc" does not match the pattern ^[A-Z]{3}$"#])
        let copy = validator
        #expect(copy.problems(with: .string("XYZ"), against: code, at: "/body") == [])
        #expect(validator.patterns.compilationCount == 1)
    }
}
