import OpenAPIKit

/// Maps an operation's responses to its success value (one type, or an `<Op>Response` enum when the 2xx bodies
/// differ) and its documented failures (the cases of `<Op>Error`).
struct ResponseMapper {
    let document: OpenAPI.Document
    let schemas: SchemaMapper
    let diagnostics: DiagnosticCollector

    struct Mapped {
        var success: SuccessShape
        var errors: [ResponseCaseDecl]
        /// The data type of a success response's `text/event-stream` events (see `OperationDecl.eventItem`).
        var eventItem: TypeRef?
    }

    func map(_ responses: OpenAPI.Response.Map, typePrefix: String, at jsonPath: String) -> Mapped {
        let hasSuccess = responses.contains { $0.key.isSuccess }
        let successCount = responses.filter { $0.key.isSuccess }.count
        var successes: [ResponseCaseDecl] = []
        var errors: [ResponseCaseDecl] = []
        var eventItem: TypeRef?
        var successNames = UniqueNames()
        var errorNames = UniqueNames(reserved: ["undocumented"])
        for (code, either) in responses {
            let place = "\(jsonPath).responses.\(code.rawValue)"
            let status: ResponseCaseDecl.Status
            let caseName: String
            switch code.value {
            case .status(let value):
                status = .code(value)
                caseName = StatusNames.caseName(for: value)
            case .range(let range):
                let start = (Int(range.rawValue.prefix(1)) ?? 5) * 100
                status = .range(start)
                caseName = StatusNames.rangeName(startingAt: start)
            case .default:
                status = .default
                caseName = hasSuccess ? "other" : "success"
            }
            let isSuccess = code.isSuccess || (!hasSuccess && status == .default)
            guard let response = either.b ?? (try? document.components.lookup(either)) else {
                diagnostics.warning("unresolved-reference", at: place, "response reference cannot be resolved; dropped")
                continue
            }
            let hint = typePrefix + "Response"
                + (isSuccess && successCount <= 1 ? "" : Identifier.typeName(caseName))
            let body = status == .default && !isSuccess
                ? .data : self.body(of: response, nameHint: hint, textAsString: !isSuccess, at: place)
            if isSuccess, eventItem == nil {
                eventItem = self.eventItem(of: response, nameHint: typePrefix + "Event", at: place)
            }
            if isSuccess {
                successes.append(ResponseCaseDecl(
                    status: status, swiftName: successNames.claim(caseName), body: body, doc: response.description))
            } else {
                errors.append(ResponseCaseDecl(
                    status: status, swiftName: errorNames.claim(caseName), body: body, doc: response.description))
            }
        }
        let bodies = successes.map(\.body)
        let success: SuccessShape
        if let first = bodies.first, bodies.contains(where: { $0 != first }) {
            // A stream is a value of its own, read once: inside an enum (which must be Hashable) it is bytes.
            success = .enumeration(name: typePrefix + "Response", cases: successes.map(\.streamAsData))
        } else {
            success = .single(bodies.first ?? .none, statuses: successes.map(\.status))
        }
        return Mapped(success: success, errors: errors.map(\.streamAsData), eventItem: eventItem)
    }

    /// The type of each event's data of a `text/event-stream` response: `itemSchema` (OpenAPI 3.2) or `schema`
    /// (how OpenAI's document and others before 3.2 describe an event). A string or absent schema gives none:
    /// such events are not JSON, and the operation keeps only its factory that reads the body whole.
    private func eventItem(of response: OpenAPI.Response, nameHint: String, at place: String) -> TypeRef? {
        for (key, value) in response.content where MediaKind.bare(key.rawValue) == "text/event-stream" {
            guard let content = value.b ?? (try? document.components.lookup(value)),
                  let schema = content.itemSchema ?? content.schema else { continue }
            let field = content.itemSchema == nil ? "schema" : "itemSchema"
            let type = schemas.typeRef(for: schema, nameHint: nameHint, use: .json, path: "\(place).content.\(key.rawValue).\(field)")
            if case .primitive(let primitive) = type, primitive != .json { return nil }
            return type
        }
        return nil
    }

    /// How the response body is read: JSON preferred, then text (an error's message; a success value that is not
    /// JSON is its bytes, which no charset can spoil), then raw bytes.
    private func body(
        of response: OpenAPI.Response, nameHint: String, textAsString: Bool, at place: String
    ) -> ResponseBodyKind {
        let entries: [(mediaType: String, content: OpenAPI.Content?)] = response.content.map { key, value in
            (key.rawValue, value.b ?? (try? document.components.lookup(value)))
        }
        if let json = entries.first(where: { MediaKind(mediaType: $0.mediaType) == .json }) {
            guard let schema = json.content?.schema else { return .json(.primitive(.json)) }
            let path = "\(place).content.\(json.mediaType).schema"
            return .json(schemas.typeRef(for: schema, nameHint: nameHint, use: .json, path: path))
        }
        if textAsString, entries.contains(where: { MediaKind(mediaType: $0.mediaType) == .text }) { return .text }
        guard let first = entries.first else { return .none }
        if let stream = entries.first(where: { MediaKind.isJSONStream($0.mediaType) }) {
            return jsonStream(stream.content, mediaType: stream.mediaType, nameHint: nameHint, at: place)
        }
        if MediaKind(mediaType: first.mediaType) == .stream {
            diagnostics.note(
                "streaming-response", at: "\(place).content.\(first.mediaType)",
                "a streamed response (\(first.mediaType)) is read whole as Data")
        }
        return .data
    }

    /// A JSON Lines / json-seq response: a stream of the item schema — OpenAPI 3.2's `itemSchema`, else `schema`,
    /// which documents written before 3.2 use for one item — or of `JSONValue` when neither is given.
    private func jsonStream(_ content: OpenAPI.Content?, mediaType: String, nameHint: String, at place: String) -> ResponseBodyKind {
        let accept = MediaKind.bare(mediaType)
        if let item = content?.itemSchema {
            let path = "\(place).content.\(mediaType).itemSchema"
            return .jsonStream(schemas.typeRef(for: item, nameHint: nameHint + "Item", use: .json, path: path), accept: accept)
        }
        guard let schema = content?.schema else { return .jsonStream(.primitive(.json), accept: accept) }
        let path = "\(place).content.\(mediaType).schema"
        return .jsonStream(schemas.typeRef(for: schema, nameHint: nameHint + "Item", use: .json, path: path), accept: accept)
    }
}

extension ResponseCaseDecl {
    /// This case with a JSON stream body read as bytes: an error or an enum case holds a value, not a stream.
    var streamAsData: ResponseCaseDecl {
        guard case .jsonStream = body else { return self }
        var copy = self
        copy.body = .data
        return copy
    }
}
