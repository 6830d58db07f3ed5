import Testing
@testable import CourierGenerator

@Suite struct ModelEmitterTests {
    @Test func objectWithARequiredNullablePropertyWritesNull() throws {
        let models = try mapModels(componentsDocument("""
            Pet:
              type: object
              description: A pet.
              required: [good_boy, tag]
              properties:
                good_boy: {type: boolean}
                tag: {type: [string, "null"]}
                born: {type: string, format: date-time}
            """))
        #expect(rendered(models, "Pet") == """
            /// A pet.
            public struct Pet: Swift.Codable, Swift.Hashable, Swift.Sendable {
                public var goodBoy: Swift.Bool
                public var tag: Swift.String?
                public var born: Foundation.Date?

                public init(goodBoy: Swift.Bool, tag: Swift.String?, born: Foundation.Date? = nil) {
                    self.goodBoy = goodBoy
                    self.tag = tag
                    self.born = born
                }

                enum CodingKeys: Swift.String, Swift.CodingKey {
                    case goodBoy = "good_boy"
                    case tag
                    case born
                }

                public func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(self.goodBoy, forKey: .goodBoy)
                    try container.encode(self.tag, forKey: .tag)
                    try container.encodeIfPresent(self.born, forKey: .born)
                }
            }

            """)
    }

    @Test func enumHasAnUnknownCaseAndANonFailableInit() throws {
        let models = try mapModels(componentsDocument("Species: {type: string, enum: [dog, cat]}"))
        #expect(rendered(models, "Species") == """
            public enum Species: Swift.RawRepresentable, Swift.Codable, Swift.Hashable, Swift.Sendable {
                case dog
                case cat
                /// A value this version of the API description does not list.
                case unknown(Swift.String)

                public init(rawValue: Swift.String) {
                    switch rawValue {
                    case "dog": self = .dog
                    case "cat": self = .cat
                    default: self = .unknown(rawValue)
                    }
                }

                public var rawValue: Swift.String {
                    switch self {
                    case .dog: "dog"
                    case .cat: "cat"
                    case .unknown(let value): value
                    }
                }

                public init(from decoder: any Swift.Decoder) throws {
                    self.init(rawValue: try decoder.singleValueContainer().decode(Swift.String.self))
                }

                public func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode(rawValue)
                }
            }

            """)
    }

    @Test func unionDecodesByTagThenFallsBack() throws {
        let models = try mapModels(componentsDocument("""
            Cat: {type: object, properties: {kind: {type: string}}}
            Dog: {type: object, properties: {kind: {type: string}}}
            Details:
              oneOf: [{$ref: "#/components/schemas/Cat"}, {$ref: "#/components/schemas/Dog"}]
              discriminator: {propertyName: kind}
            """))
        let text = rendered(models, "Details")
        #expect(text.contains("""
                    switch tag {
                    case .some("Cat"):
                        self = .cat(try container.decode(Cat.self))
                    case .some("Dog"):
                        self = .dog(try container.decode(Dog.self))
                    default:
                        self = .undocumented(try container.decode(Courier.JSONValue.self))
                    }
            """))
        #expect(text.contains("case tag = \"kind\""))
    }

    @Test func boxedPropertiesAndAdditionalProperties() throws {
        let models = try mapModels(componentsDocument("""
            Node:
              type: object
              required: [value]
              properties:
                value: {type: integer}
                next: {$ref: "#/components/schemas/Node"}
              additionalProperties: {type: string}
            """))
        let text = rendered(models, "Node")
        #expect(text.contains("""
                public var next: Node? {
                    get { _next?.value }
                    set { _next = newValue.map { Courier.Indirect($0) } }
                }
                private var _next: Courier.Indirect<Node>?
            """))
        #expect(text.contains("case _next = \"next\""))
        #expect(text.contains("for key in extra.allKeys where CodingKeys(stringValue: key.stringValue) == nil {"))
    }

    @Test func filesAreShardedBySizeAndSortedByName() throws {
        let models = try mapModels(componentsDocument("""
            C: {type: string}
            A: {type: integer}
            B: {type: boolean}
            """))
        let files = ModelEmitter(moduleName: "M", shardSize: 2).files(for: models.types)
        #expect(files.map(\.path) == ["Sources/M/Models/Models+001.swift", "Sources/M/Models/Models+002.swift"])
        #expect(files.first?.contents == ModelEmitter.header + """
            public typealias A = Swift.Int

            public typealias B = Swift.Bool

            """)
    }
}
