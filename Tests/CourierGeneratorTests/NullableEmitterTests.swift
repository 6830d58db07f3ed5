import Testing
@testable import CourierGenerator

/// Issue 25 item 5: an optional property that admits `null` is a tri-state `Courier.Nullable` (absent / null /
/// value), however the document spells "admits null"; a required nullable one stays `T?`, a plain optional one `T?`.
@Suite struct NullableEmitterTests {
    /// The same four properties in each spelling of "nullable".
    static let spellings: [(name: String, version: String, nullable: String)] = [
        ("3.0 nullable: true", "3.0.3", "{type: string, nullable: true}"),
        ("3.1 type: [string, null]", "3.1.0", "{type: [string, \"null\"]}"),
        ("3.1 anyOf with null", "3.1.0", "{anyOf: [{type: string}, {type: \"null\"}]}"),
    ]

    static func document(version: String, nullable: String) -> String {
        """
        openapi: \(version)
        info: {title: T, version: "1"}
        paths: {}
        components:
          schemas:
            TaskUpdate:
              type: object
              required: [id, due]
              properties:
                id: {type: integer}
                due: \(nullable)
                assignee: \(nullable)
                note: {type: string}
        """
    }

    @Test(arguments: spellings.indices)
    func nullableNotRequiredIsTriStateInEverySpelling(index: Int) throws {
        let spelling = Self.spellings[index]
        let models = try mapModels(Self.document(version: spelling.version, nullable: spelling.nullable))
        #expect(rendered(models, "TaskUpdate") == """
            public struct TaskUpdate: Swift.Codable, Swift.Hashable, Swift.Sendable {
                public var id: Swift.Int
                public var due: Swift.String?
                public var assignee: Courier.Nullable<Swift.String>
                public var note: Swift.String?

                public init(
                    id: Swift.Int,
                    due: Swift.String?,
                    assignee: Courier.Nullable<Swift.String> = .absent,
                    note: Swift.String? = nil
                ) {
                    self.id = id
                    self.due = due
                    self.assignee = assignee
                    self.note = note
                }

                enum CodingKeys: Swift.String, Swift.CodingKey {
                    case id
                    case due
                    case assignee
                    case note
                }

                public init(from decoder: any Swift.Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.id = try container.decode(Swift.Int.self, forKey: .id)
                    self.due = try container.decodeIfPresent(Swift.String.self, forKey: .due)
                    self.assignee = try container.decodeNullable(Swift.String.self, forKey: .assignee)
                    self.note = try container.decodeIfPresent(Swift.String.self, forKey: .note)
                }

                public func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.id, forKey: .id)
                    try container.encode(self.due, forKey: .due)
                    try container.encodeUnlessAbsent(self.assignee, forKey: .assignee)
                    try container.encodeIfPresent(self.note, forKey: .note)
                }
            }

            """, "\(spelling.name)")
    }

    @Test func plainOptionalPropertiesKeepSynthesizedCoding() throws {
        let models = try mapModels(componentsDocument("""
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer}
                tag: {type: string}
            """))
        let text = rendered(models, "Pet")
        #expect(text.contains("public var tag: Swift.String?\n"))
        #expect(!text.contains("Nullable"))
        #expect(!text.contains("init(from decoder"))
        #expect(!text.contains("func encode(to"))
    }

    @Test func aBoxedTriStatePropertyMapsThroughItsBox() throws {
        let models = try mapModels(componentsDocument("""
            Node:
              type: object
              required: [name]
              properties:
                name: {type: string}
                parent: {anyOf: [{$ref: '#/components/schemas/Node'}, {type: "null"}]}
            """))
        let text = rendered(models, "Node")
        #expect(text.contains("""
                public var parent: Courier.Nullable<Node> {
                    get { _parent.map(\\.value) }
                    set { _parent = newValue.map { Courier.Indirect($0) } }
                }
                private var _parent: Courier.Nullable<Courier.Indirect<Node>>
            """))
        #expect(text.contains("self._parent = try container.decodeNullable(Courier.Indirect<Node>.self, forKey: ._parent)"))
        #expect(text.contains("try container.encodeUnlessAbsent(self._parent, forKey: ._parent)"))
    }

    /// The emitted coding and the runtime type check together: models with tri-state, boxed tri-state,
    /// additional properties and all-optional properties compile in Swift 6 with warnings as errors.
    @Test func triStateModelsCompileWithoutWarnings() async throws {
        let models = try mapModels(componentsDocument("""
            Node:
              type: object
              required: [name]
              properties:
                name: {type: string}
                parent: {anyOf: [{$ref: '#/components/schemas/Node'}, {type: "null"}]}
                tags: {type: [array, "null"], items: {type: string}}
                extra: {type: [object, "null"], additionalProperties: {type: integer}}
            Settings:
              type: object
              properties:
                theme: {type: [string, "null"]}
              additionalProperties: {type: string}
            Empty:
              type: object
              properties:
                hint: {type: string}
            """))
        let files = ModelEmitter(moduleName: "GeneratedModels", shardSize: 5).files(for: models.types)
        let usage = """
            import Courier
            func use() {
                var node = Node(name: "root", tags: ["a"])
                node.parent = .value(Node(name: "up"))
                node.tags = .null
                node.extra = .absent
                _ = Settings(theme: "dark", additionalProperties: ["k": "v"])
                _ = Empty.documentedKeys
            }
            """
        let outcome = try await typecheckModels(files, extraSources: ["Usage.swift": usage])
        #expect(outcome.errorText == "" && outcome.status == 0)
    }

    /// `nil` is not a `Nullable`: code written when the property was `X?` (`Node(name:, tags: nil)`, meaning "leave
    /// it out") must not compile into "send `null`", which clears the field in a PATCH.
    @Test func nilNoLongerCompilesForATriStateProperty() async throws {
        let models = try mapModels(componentsDocument("""
            Node:
              type: object
              required: [name]
              properties:
                name: {type: string}
                tags: {type: [array, "null"], items: {type: string}}
            """))
        let files = ModelEmitter(moduleName: "GeneratedModels", shardSize: 5).files(for: models.types)
        let usage = """
            import Courier
            func use() {
                _ = Node(name: "root", tags: nil)
            }
            """
        let outcome = try await typecheckModels(files, extraSources: ["Usage.swift": usage])
        #expect(outcome.status != 0)
        #expect(outcome.errorText.contains("Usage.swift:3"))
        #expect(outcome.errorText.contains("nil"))
    }

    @Test func anAllOptionalObjectListsItsKeys() throws {
        let models = try mapModels(componentsDocument("""
            HTTPValidationError:
              type: object
              properties:
                detail: {type: array, items: {type: string}}
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer}
            Bag:
              type: object
              properties:
                size: {type: integer}
              additionalProperties: true
            """))
        let error = rendered(models, "HTTPValidationError")
        #expect(error.contains(
            "public struct HTTPValidationError: Swift.Codable, Swift.Hashable, Swift.Sendable, Courier.DocumentedObject {"))
        #expect(error.contains("    public static let documentedKeys: Swift.Set<Swift.String> = [\"detail\"]\n"))
        // A required property already makes decoding check the shape; extra keys make every object match.
        #expect(!rendered(models, "Pet").contains("DocumentedObject"))
        #expect(!rendered(models, "Bag").contains("DocumentedObject"))
    }
}
