/// Enums for `enum` schemas: a case per documented value plus `unknown(raw)`, so a value the server adds later
/// decodes instead of failing the whole response. `init(rawValue:)` is non-failable (it satisfies
/// `RawRepresentable`'s failable requirement) and the coding is written out, not left to synthesis.
extension SwiftWriter {
    mutating func enumeration(_ enumeration: EnumDecl) {
        let raw = enumeration.raw == .string ? "Swift.String" : "Swift.Int"
        let literal: (String) -> String = { enumeration.raw == .string ? SwiftWriter.stringLiteral($0) : $0 }
        doc(enumeration.doc)
        block("public enum \(enumeration.name): Swift.RawRepresentable, Swift.Codable, Swift.Hashable, Swift.Sendable") { w in
            for value in enumeration.cases { w.line("case \(value.swiftName)") }
            w.doc("A value this version of the API description does not list.")
            w.line("case unknown(\(raw))")
            w.line()
            w.block("public init(rawValue: \(raw))") { w in
                w.switchBlock("switch rawValue") { w in
                    for value in enumeration.cases { w.line("case \(literal(value.wire)): self = .\(value.swiftName)") }
                    w.line("default: self = .unknown(rawValue)")
                }
            }
            w.line()
            w.block("public var rawValue: \(raw)") { w in
                w.switchBlock("switch self") { w in
                    for value in enumeration.cases { w.line("case .\(value.swiftName): \(literal(value.wire))") }
                    w.line("case .unknown(let value): value")
                }
            }
            w.line()
            w.block("public init(from decoder: any Swift.Decoder) throws") { w in
                w.line("self.init(rawValue: try decoder.singleValueContainer().decode(\(raw).self))")
            }
            w.line()
            w.block("public func encode(to encoder: any Swift.Encoder) throws") { w in
                w.line("var container = encoder.singleValueContainer()")
                w.line("try container.encode(rawValue)")
            }
        }
    }
}
