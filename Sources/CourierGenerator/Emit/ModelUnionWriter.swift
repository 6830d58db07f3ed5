/// Enums for `oneOf`/`anyOf`: a case per member plus `undocumented(JSONValue)`, which keeps a value no member
/// decodes instead of failing. With a discriminator the tag picks the case; without one the members are tried in
/// the mapper's order (named types, arrays, then stricter primitives before looser ones). Encoding writes the
/// payload through a single-value container (so the encoder's date and data strategies apply), and a discriminated
/// member's tag beside it.
extension SwiftWriter {
    mutating func union(_ union: UnionDecl) {
        doc(union.doc)
        let header = "public \(union.isIndirect ? "indirect " : "")enum \(union.name): "
            + ModelEmitter.conformances(encodeOnly: union.isEncodeOnly)
        block(header) { w in
            for unionCase in union.cases { w.line("case \(unionCase.swiftName)(\(unionCase.type.swift))") }
            w.doc("A value none of the documented alternatives matches, kept as it came.")
            w.line("case undocumented(Courier.JSONValue)")
            if !union.isEncodeOnly {
                w.line()
                w.unionDecoder(union)
            }
            w.line()
            w.unionEncoder(union)
            if let discriminator = union.discriminator {
                w.line()
                w.block("private enum DiscriminatorKey: Swift.String, Swift.CodingKey") { w in
                    w.line("case tag = \(SwiftWriter.stringLiteral(discriminator))")
                }
            }
        }
    }

    /// A discriminated member is an object whose tag property is often optional or absent in its own schema (FastAPI's
    /// `kind: {const: "cat"}`), so the payload is encoded first and the case's tag written into the same object:
    /// the server can always pick the member.
    private mutating func unionEncoder(_ union: UnionDecl) {
        let tagged = union.discriminator == nil ? [] : union.cases.filter { !$0.tags.isEmpty }
        block("public func encode(to encoder: any Swift.Encoder) throws") { w in
            if tagged.count < union.cases.count {
                w.line("var container = encoder.singleValueContainer()")
            }
            w.switchBlock("switch self") { w in
                for unionCase in union.cases {
                    if let tag = unionCase.tags.first, tagged.contains(unionCase) {
                        w.line("case .\(unionCase.swiftName)(let value):")
                        w.indented { w in
                            w.line("try value.encode(to: encoder)")
                            w.line("var tagContainer = encoder.container(keyedBy: DiscriminatorKey.self)")
                            w.line("try tagContainer.encode(\(SwiftWriter.stringLiteral(tag)), forKey: .tag)")
                        }
                    } else {
                        w.line("case .\(unionCase.swiftName)(let value): try container.encode(value)")
                    }
                }
                if tagged.count < union.cases.count {
                    w.line("case .undocumented(let value): try container.encode(value)")
                } else {
                    w.line("case .undocumented(let value): try value.encode(to: encoder)")
                }
            }
        }
    }

    private mutating func unionDecoder(_ union: UnionDecl) {
        block("public init(from decoder: any Swift.Decoder) throws") { w in
            w.line("let container = try decoder.singleValueContainer()")
            let tagged = union.discriminator == nil ? [] : union.cases.filter { !$0.tags.isEmpty }
            let untagged = union.cases.filter { !tagged.contains($0) }
            if tagged.isEmpty {
                w.trialDecoding(untagged)
                return
            }
            w.line("let tag = try? decoder.container(keyedBy: DiscriminatorKey.self).decode(Swift.String.self, forKey: .tag)")
            w.switchBlock("switch tag") { w in
                for unionCase in tagged {
                    let patterns = unionCase.tags.map { ".some(\(SwiftWriter.stringLiteral($0)))" }.joined(separator: ", ")
                    w.line("case \(patterns):")
                    w.indented { w in
                        w.line("self = .\(unionCase.swiftName)(try container.decode(\(unionCase.type.swift).self))")
                    }
                }
                w.line("default:")
                w.indented { w in w.trialDecoding(untagged) }
            }
        }
    }

    private mutating func trialDecoding(_ cases: [UnionDecl.Case]) {
        for unionCase in cases {
            block("if let value = try? container.decode(\(unionCase.type.swift).self)") { w in
                w.line("self = .\(unionCase.swiftName)(value)")
                w.line("return")
            }
        }
        line("self = .undocumented(try container.decode(Courier.JSONValue.self))")
    }
}
