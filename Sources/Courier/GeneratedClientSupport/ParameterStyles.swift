/// The OpenAPI styles as text: which names and values a parameter becomes in each location, before
/// the location's own encoding (query items are percent-encoded when the request is built; path and
/// cookie text is encoded here).
enum ParameterStyles {
    /// The query items for `name`, whose value encoded to `tree`: `(name, value)` pairs, not yet percent-encoded.
    ///
    /// NOTE: every field a `deepObject` or exploded parameter sends is named by the form encoder's own naming
    /// (``ParameterValue/formFields(_:_:arrays:)``, the code an ``Endpoint``'s `Encodable` query goes through):
    /// `deepObject` is its brackets (`color[R]`, `color[]`), an exploded array its repeated name (`color=a&color=b`),
    /// an exploded object's fields stand on their own (`R=100`). Only the joined values of unexploded styles are
    /// written here. No style defines nested values; brackets are what servers that read them expect, and an
    /// exploded `form` object's nested fields stand on their own as its scalar fields do.
    static func query(_ name: String, _ tree: FormNode, style: ParameterStyle, explode: Bool) -> [(name: String, value: String)] {
        switch ParameterValue(tree) {
        case .absent:
            return []
        case .text(let text):
            // Also a lone file, as its file name: a form's naming would leave it out.
            return [(name, text)]
        case _ where style == .deepObject:
            return ParameterValue.formFields(name, tree, arrays: .brackets)
        case .list(let texts):
            if explode {
                return ParameterValue.formFields(name, tree, arrays: .repeated)
            }
            return [(name, texts.joined(separator: separator(style)))]
        case .object(let members):
            if explode {
                return ParameterValue.formFields("", tree, arrays: .brackets)
            }
            return [(name, ParameterValue.flattened(members).joined(separator: separator(style)))]
        case .nested(let node):
            if case .object = node, style == .form, explode {
                return ParameterValue.formFields("", node, arrays: .brackets)
            }
            return ParameterValue.formFields(name, node, arrays: .brackets)
        }
    }

    /// A header's value in the `simple` style, or `nil` when there is nothing to send.
    static func header(_ value: ParameterValue, explode: Bool) -> String? {
        switch value {
        case .absent:
            return nil
        case .text(let text):
            return text
        case .list(let texts):
            return texts.joined(separator: ",")
        case .object(let members):
            return simpleObject(members, explode: explode, encode: { $0 })
        case .nested(let node):
            return ParameterValue.bracketedFields("", node).map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        }
    }

    /// The cookies for `name` in the `form` style, values encoded for a `Cookie` header.
    static func cookie(_ name: String, _ value: ParameterValue, explode: Bool) -> [(name: String, value: String)] {
        switch value {
        case .absent:
            return []
        case .text(let text):
            return [(name, cookieEncoded(text))]
        case .list(let texts):
            if explode {
                return texts.map { (name, cookieEncoded($0)) }
            }
            return [(name, texts.map(cookieEncoded).joined(separator: ","))]
        case .object(let members):
            if explode {
                return members.map { (cookieEncoded($0.key), cookieEncoded($0.value)) }
            }
            return [(name, ParameterValue.flattened(members).map(cookieEncoded).joined(separator: ","))]
        case .nested(let node):
            return ParameterValue.bracketedFields(name, node).map { ($0.name, cookieEncoded($0.value)) }
        }
    }

    /// A path piece in `style`, percent-encoded, separators literal — never a dot segment: `.` or `..` (a label of
    /// `.`, a one-element list `[".."]`) would climb out of its place once the URL is resolved, so its dots go out as
    /// `%2E`.
    static func path(_ name: String, _ value: ParameterValue, style: ParameterStyle, explode: Bool) -> String {
        let piece = stylePath(name, value, style: style, explode: explode)
        return piece == "." || piece == ".." ? String(repeating: "%2E", count: piece.count) : piece
    }

    private static func stylePath(_ name: String, _ value: ParameterValue, style: ParameterStyle, explode: Bool) -> String {
        let segment = pathEncoded
        switch (style, value) {
        case (.label, .absent):
            return "."
        case (.matrix, .absent):
            return ";\(segment(name))"
        case (_, .absent):
            return ""
        case (.label, .text(let text)):
            return "." + segment(text)
        case (.matrix, .text(let text)):
            return text.isEmpty ? ";\(segment(name))" : ";\(segment(name))=\(segment(text))"
        case (_, .text(let text)):
            return segment(text)
        case (.label, .list(let texts)):
            return "." + texts.map(segment).joined(separator: explode ? "." : ",")
        case (.matrix, .list(let texts)):
            if explode {
                return texts.map { ";\(segment(name))=\(segment($0))" }.joined()
            }
            return ";\(segment(name))=" + texts.map(segment).joined(separator: ",")
        case (_, .list(let texts)):
            return texts.map(segment).joined(separator: ",")
        case (.label, .object(let members)):
            if explode {
                return members.map { ".\(segment($0.key))=\(segment($0.value))" }.joined()
            }
            return "." + ParameterValue.flattened(members).map(segment).joined(separator: ",")
        case (.matrix, .object(let members)):
            if explode {
                return members.map { ";\(segment($0.key))=\(segment($0.value))" }.joined()
            }
            return ";\(segment(name))=" + ParameterValue.flattened(members).map(segment).joined(separator: ",")
        case (_, .object(let members)):
            return simpleObject(members, explode: explode, encode: segment)
        case (_, .nested(let node)):
            return ParameterValue.bracketedFields("", node).map { "\(segment($0.name))=\(segment($0.value))" }.joined(separator: ",")
        }
    }

    private static func simpleObject(_ members: [(key: String, value: String)], explode: Bool, encode: (String) -> String) -> String {
        if explode {
            return members.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: ",")
        }
        return ParameterValue.flattened(members).map(encode).joined(separator: ",")
    }

    private static func separator(_ style: ParameterStyle) -> String {
        switch style {
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        case .form, .deepObject, .simple, .label, .matrix: ","
        }
    }

    private static func pathEncoded(_ text: String) -> String {
        PercentEncoding.encodeComponent(text)
    }

    /// RFC 6265 `cookie-octet`; `%` is always encoded, since it escapes the rest.
    private static func cookieEncoded(_ text: String) -> String {
        PercentEncoding.encode(text, allowed: .cookieOctets)
    }
}
