import OpenAPIKit

/// Maps a request body to one ``BodyDecl`` per media type: one generated function each, the same model type for
/// all of them (the encoder differs, not the type).
struct BodyMapper {
    let document: OpenAPI.Document
    let schemas: SchemaMapper
    let diagnostics: DiagnosticCollector

    func bodies(
        _ either: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>?, typePrefix: String, at jsonPath: String
    ) -> [BodyDecl] {
        guard let either else { return [] }
        guard let request = either.b ?? (try? document.components.lookup(either)) else {
            diagnostics.warning("unresolved-reference", at: jsonPath, "request body reference cannot be resolved; dropped")
            return []
        }
        let entries: [(mediaType: String, content: OpenAPI.Content?)] = request.content.map { key, value in
            (key.rawValue, value.b ?? (try? document.components.lookup(value)))
        }
        guard !entries.isEmpty else { return [] }
        let preferred = entries.firstIndex { MediaKind(mediaType: $0.mediaType) == .json } ?? 0
        let nameHint = typePrefix + "Request"
        var bodies: [BodyDecl?] = Array(repeating: nil, count: entries.count)
        var modelType: (schema: JSONSchema?, type: TypeRef)?
        var suffixes = UniqueNames()
        // The preferred media type first: it names the model type the others reuse.
        for index in [preferred] + entries.indices.filter({ $0 != preferred }) {
            let (mediaType, content) = entries[index]
            let place = "\(jsonPath).content.\(mediaType)"
            let kind = MediaKind(mediaType: mediaType)
            let schema = content?.schema
            var encoding: BodyEncoding
            var suffix: String
            var type: TypeRef
            switch kind {
            case .json, .form, .multipart:
                let use: SchemaUse = kind == .json ? .json : kind == .form ? .form : .multipart
                if let modelType, modelType.schema == schema {
                    type = modelType.type
                } else {
                    type = schema.map { schemas.typeRef(for: $0, nameHint: nameHint, use: use, path: place + ".schema") }
                        ?? .primitive(.json)
                    if modelType == nil { modelType = (schema, type) }
                }
                switch kind {
                case .json:
                    encoding = .json
                    suffix = "Json"
                case .form:
                    encoding = .form(deepObject: formUsesDeepObject(content, at: place))
                    suffix = "Form"
                default:
                    encoding = .multipart
                    suffix = "Multipart"
                    if content?.encodingMap?.contains(where: { !$0.value.contentTypes.isEmpty }) == true {
                        diagnostics.warning(
                            "multipart-encoding", at: place,
                            "per-part content types in 'encoding' are not sent; parts use the encoder's defaults")
                    }
                }
            case .text:
                encoding = .text(contentType: mediaType)
                suffix = "Text"
                type = .primitive(.string)
            case .xml, .binary, .stream:
                if kind == .xml {
                    diagnostics.note("xml-body", at: place, "XML bodies are sent as raw Data; encode them yourself")
                }
                encoding = .data(contentType: MediaKind.concrete(mediaType))
                suffix = "Data"
                type = .primitive(.data)
            }
            let functionSuffix = suffixes.claim(index == preferred ? "" : suffix)
            bodies[index] = BodyDecl(
                encoding: encoding, mediaType: mediaType, type: type, required: request.required,
                functionSuffix: functionSuffix)
        }
        let ordered = bodies.compactMap { $0 }
        return [ordered[preferred]] + ordered.enumerated().filter { $0.offset != preferred }.map(\.element)
    }

    /// Whether the `encoding` map asks for brackets (`deepObject`, Stripe's `a[b][c]=`); mixed styles are reported.
    private func formUsesDeepObject(_ content: OpenAPI.Content?, at place: String) -> Bool {
        guard let encodings = content?.encodingMap, !encodings.isEmpty else { return false }
        let styles = encodings.map { $0.value.style }
        let deep = styles.contains(.deepObject)
        if deep && styles.contains(where: { $0 != .deepObject }) {
            let names = encodings.map { "\($0.key): \($0.value.style.rawValue)" }.joined(separator: ", ")
            diagnostics.warning(
                "form-mixed-styles", at: place + ".encoding",
                "properties use different styles (\(names)); all are encoded with brackets")
        }
        return deep
    }
}
