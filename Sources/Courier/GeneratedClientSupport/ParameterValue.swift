import Foundation

/// A parameter's value reduced to the shapes OpenAPI's styles know: one text, a list of texts, or an
/// object of texts; anything deeper keeps its ``FormNode`` and is written with bracketed names.
enum ParameterValue {
    /// `nil`, or an empty array or object: the parameter is not sent (RFC 6570's "undefined").
    case absent
    case text(String)
    case list([String])
    case object([(key: String, value: String)])
    /// Nested arrays or objects, which the styles do not define.
    case nested(FormNode)

    /// The leaf styles generated clients use: dates in ISO 8601, booleans as `true`/`false`.
    private static let encoder = FormTreeEncoder(dates: .iso8601, bools: .literal)

    /// The shape of `value`, encoded with the leaf styles of forms (dates ISO 8601, booleans literal,
    /// enums by raw value).
    static func of(_ value: some Encodable) throws -> ParameterValue {
        ParameterValue(try tree(of: value))
    }

    /// The tree of `value`, encoded by the form encoders' own `Encoder` with the leaf styles of ``of(_:)``; unlike
    /// a form's, its top level may be anything (a text, a list).
    static func tree(of value: some Encodable) throws -> FormNode {
        let root = FormNodeBuilder()
        try FormNodeEncoder(builder: root, settings: encoder, codingPath: []).encodeValue(value)
        return root.build()
    }

    init(_ node: FormNode) {
        switch node {
        case .absent:
            self = .absent
        case .text(let text):
            self = .text(text)
        case .file(let file):
            self = .text(file.filename)
        case .list(let elements):
            let present = elements.filter { if case .absent = $0 { false } else { true } }
            let texts = present.compactMap { if case .text(let text) = $0 { text } else { nil } }
            if present.isEmpty {
                self = .absent
            } else if texts.count == present.count {
                self = .list(texts)
            } else {
                self = .nested(node)
            }
        case .object(let members):
            let present = members.filter { if case .absent = $0.value { false } else { true } }
            let texts = present.compactMap { member in
                if case .text(let text) = member.value { (key: member.key, value: text) } else { nil }
            }
            if present.isEmpty {
                self = .absent
            } else if texts.count == present.count {
                self = .object(texts)
            } else {
                self = .nested(node)
            }
        }
    }

    /// Keys and values in one flat list: `R,100,G,200`.
    static func flattened(_ members: [(key: String, value: String)]) -> [String] {
        members.flatMap { [$0.key, $0.value] }
    }

    /// The text fields of `node` under `name`, named with brackets (`name[key][inner]`, `name[]`,
    /// `name[0][key]`); an empty `name` leaves the top level unprefixed.
    static func bracketedFields(_ name: String, _ node: FormNode) -> [(name: String, value: String)] {
        formFields(name, node, arrays: .brackets)
    }

    /// The text fields of `node` under `name`, named as a form encoder names them: nested fields with brackets,
    /// arrays by `arrays` (`name[]`, `name[0]`, or `name` repeated); an empty `name` leaves the top level
    /// unprefixed.
    ///
    /// NOTE: this is `FormNode.fields(style:nesting:)`, the naming `FormURLEncoder.fields(of:)` does, and so what
    /// an ``Endpoint``'s `Encodable` query goes through: one code path from a value to query fields.
    static func formFields(_ name: String, _ node: FormNode, arrays: FormEncoding.ArrayStyle) -> [(name: String, value: String)] {
        let root = name.isEmpty ? node : FormNode.object([(key: name, value: node)])
        return root.fields(style: arrays, nesting: .brackets).compactMap { field in
            if case .text(let text) = field.value { (field.name, text) } else { nil }
        }
    }
}
