/// Writes one operation: its `<Op>Error` and `<Op>Response` types (top level) and one `Endpoint` factory per request
/// media type (inside `extension <Group>Operations`).
struct OperationEmitter {
    let operation: OperationDecl
    /// `PetShopCoders`: the module's `APICoders` holder.
    let codersName: String

    // MARK: Types

    /// The top-level types of this operation; nothing when it needs none.
    func writeTypes(_ out: inout SwiftWriter) {
        if case .enumeration(let name, let cases) = operation.success {
            out.line()
            out.doc("The documented successful responses of `\(operation.swiftName.replacingBackticks())`.")
            out.block("public enum \(name): Sendable, Hashable") { out in
                for item in cases {
                    out.doc(item.doc)
                    out.line("case \(item.swiftName)\(payload(of: item, inSuccess: true))")
                }
            }
        }
        guard !operation.errors.isEmpty else { return }
        out.line()
        out.doc(
            "The documented failures of `\(operation.swiftName.replacingBackticks())`, the `underlying` error of the "
                + "`NetworkError` it throws.")
        out.block("public enum \(operation.errorTypeName): Swift.Error, Sendable, Hashable") { out in
            for item in operation.errors {
                out.doc(item.doc)
                out.line("case \(item.swiftName)\(payload(of: item, inSuccess: false))")
            }
            if !operation.errors.contains(where: { $0.status == .default }) {
                out.doc("A status the document does not describe.")
                out.line("case undocumented(status: Swift.Int, body: Foundation.Data)")
            }
        }
    }

    /// The associated values of a case: the body (labelled after `status:` for ranges and `default`).
    private func payload(of item: ResponseCaseDecl, inSuccess: Bool) -> String {
        let body: String? = switch item.body {
        case .none: nil
        case .json(let type): type.swift
        case .text: "Swift.String"
        case .data: "Foundation.Data"
        case .jsonStream(let type, _): "Courier.JSONStream<\(type.swift)>"
        }
        switch item.status {
        case .code:
            return body.map { "(\($0))" } ?? ""
        case .range, .default:
            if inSuccess { return body.map { "(\($0))" } ?? "" }
            return "(status: Swift.Int" + (body.map { ", body: \($0)" } ?? "") + ")"
        }
    }

    // MARK: Functions

    /// The factories: one per request media type, or one without a body.
    func writeFunctions(_ out: inout SwiftWriter) {
        let bodies: [BodyDecl?] = operation.bodies.isEmpty ? [nil] : operation.bodies
        for body in bodies { writeFunction(body: body, &out) }
        if let item = operation.eventItem {
            for body in bodies { writeFunction(body: body, events: item, &out) }
        }
    }

    private var valueType: String {
        switch operation.success {
        case .single(let kind, _): Self.valueType(kind)
        case .enumeration(let name, _): name
        }
    }

    static func valueType(_ kind: ResponseBodyKind) -> String {
        switch kind {
        case .none: "Swift.Void"
        case .json(let type): type.swift
        case .text: "Swift.String"
        case .data: "Foundation.Data"
        case .jsonStream(let type, _): "Courier.JSONStream<\(type.swift)>"
        }
    }

    /// The `Accept` argument: the operation's documented media types (`AcceptValue`), left out when it is the
    /// runtime's default; the `…Events` factory asks for the event stream it reads.
    private func acceptArgument(events: Bool) -> String {
        let accept = events ? "text/event-stream" : operation.accept
        return accept == "application/json" ? "" : ", accept: \(SwiftWriter.stringLiteral(accept))"
    }

    /// The parameters of a factory: all of them, but for the `…Events` one a declared `Accept` header, which would
    /// replace the `text/event-stream` that factory must ask for.
    private func parameters(events: Bool) -> [ParamDecl] {
        guard events else { return operation.parameters }
        return operation.parameters.filter { !($0.location == .header && $0.wireName.lowercased() == "accept") }
    }

    /// One factory; with `events`, the `…Events` one for `client.events(_:)`, whose events' data are `events`.
    private func writeFunction(body: BodyDecl?, events: TypeRef? = nil, _ out: inout SwiftWriter) {
        let name = functionName(suffix: (body?.functionSuffix ?? "") + (events == nil ? "" : "Events"))
        let parameters = self.parameters(events: events != nil)
        let required = parameters.filter { $0.required }
        let optional = parameters.filter { !$0.required }
        var arguments = required.map { "\($0.swiftName): \(signatureType($0))" }
        if let body {
            arguments.append(body.required ? "body: \(body.type.swift)" : "body: \(TypeRef.optional(body.type).swift) = nil")
        }
        arguments += optional.map { "\($0.swiftName): \(TypeRef.optional($0.type).swift) = nil" }
        out.line()
        writeDoc(body: body, events: events, parameters: parameters, &out)
        if operation.deprecated { out.line("@available(*, deprecated)") }
        let value = events == nil ? valueType : "Swift.Void"
        let returned = events.map { "Courier.EventStreamEndpoint<\($0.swift)>" } ?? "Courier.Endpoint<\(value)>"
        out.block("public func \(name)(\(arguments.joined(separator: ", "))) -> \(returned)") { out in
            let nonPath = parameters.filter { $0.location != .path }
            if !nonPath.isEmpty {
                out.line("var parameters = Courier.OperationParameters()")
                for parameter in nonPath { out.line(parameterCall(parameter)) }
            }
            var call = (events == nil ? "return " : "return Courier.EventStreamEndpoint(")
                + "Courier.Endpoint<\(value)>(operation: \(SwiftWriter.stringLiteral(operation.operationID)), "
            call += "method: \(method), path: \(pathExpression)"
            if !nonPath.isEmpty { call += ", parameters: parameters" }
            if let body { call += ", body: \(bodyExpression(body))" }
            call += acceptArgument(events: events != nil)
            call += ", coders: \(codersName).shared)"
            guard events == nil else {
                // The stream reads statuses and content type itself; this endpoint only makes the request.
                out.line(call + " { _ in })")
                return
            }
            out.line(call + " { response in")
            out.indented { out in
                out.line("switch response.status {")
                for line in switchCases() { out.line(line) }
                out.line("}")
            }
            out.line("}")
        }
    }

    private func functionName(suffix: String) -> String {
        guard !suffix.isEmpty else { return operation.swiftName }
        return operation.swiftName.replacingBackticks() + suffix
    }

    /// A path parameter is never optional; a required nullable query/header/cookie parameter is `T?` without default.
    private func signatureType(_ parameter: ParamDecl) -> String {
        parameter.location == .path ? parameter.type.unwrapped.swift : parameter.type.swift
    }

    private func writeDoc(body: BodyDecl?, events: TypeRef? = nil, parameters: [ParamDecl], _ out: inout SwiftWriter) {
        let place = "`\(operation.method) \(operation.pathTemplate)` · operation `\(operation.operationID)`"
            + (body.map { $0.functionSuffix.isEmpty && operation.bodies.count < 2 ? "" : " · body `\($0.mediaType)`" } ?? "")
            + (events.map { " · its `text/event-stream`, each event's data a `\($0.swift)`: read with `client.events(_:)`" } ?? "")
        var parameterLines: [String] = []
        for parameter in parameters {
            guard let doc = parameter.doc?.split(whereSeparator: \.isNewline).joined(separator: " "), !doc.isEmpty
            else { continue }
            parameterLines.append("- \(parameter.swiftName.replacingBackticks()): \(doc)")
        }
        let list = parameterLines.isEmpty ? nil : "- Parameters:\n" + parameterLines.map { "  " + $0 }.joined(separator: "\n")
        out.doc(operation.summary, operation.doc, place, list)
    }

    private var method: String {
        let lower = operation.method.lowercased()
        let builtins = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "connect"]
        return builtins.contains(lower) ? ".\(lower)" : ".init(\(SwiftWriter.stringLiteral(operation.method)))!"
    }

    /// `"/pets/\(petId)"`: simple scalars through `RequestPath`'s encoding interpolation, anything else through
    /// `PathParameter.encode` (label, matrix, arrays, objects, enums).
    private var pathExpression: String {
        var text = "\""
        var name: String?
        for character in operation.pathTemplate {
            if character == "{" {
                name = ""
            } else if character == "}", let current = name {
                text += interpolation(forPathParameter: current)
                name = nil
            } else if name != nil {
                name?.append(character)
            } else {
                text += String(SwiftWriter.stringLiteral(String(character)).dropFirst().dropLast())
            }
        }
        return text + "\""
    }

    private func interpolation(forPathParameter wireName: String) -> String {
        guard let parameter = operation.parameters.first(where: { $0.location == .path && $0.wireName == wireName })
        else { return SwiftWriter.stringLiteral("{\(wireName)}").dropFirst().dropLast().description }
        let simpleTypes: [TypeRef] = [.primitive(.string), .primitive(.int), .primitive(.double), .primitive(.bool), .primitive(.uuid)]
        if parameter.style == .simple && simpleTypes.contains(parameter.type.unwrapped) {
            return "\\(\(parameter.swiftName))"
        }
        return "\\(raw: Courier.PathParameter.encode(\(SwiftWriter.stringLiteral(wireName)), \(parameter.swiftName), "
            + "style: .\(parameter.style.rawValue), "
            + "explode: \(parameter.explode)))"
    }

    /// `parameters.query("limit", limit)`; style and explode only when not the location's default (headers and
    /// cookies take only `explode`).
    private func parameterCall(_ parameter: ParamDecl) -> String {
        var value = parameter.swiftName
        if parameter.contentJSON { value = "\(codersName).jsonText(\(value))" }
        var call = "parameters.\(parameter.location.rawValue)(\(SwiftWriter.stringLiteral(parameter.wireName)), \(value)"
        guard !parameter.contentJSON else { return call + ")" }
        switch parameter.location {
        case .query where parameter.style != .form || !parameter.explode:
            call += ", style: .\(parameter.style.rawValue), explode: \(parameter.explode)"
        case .header where parameter.explode, .cookie where !parameter.explode:
            call += ", explode: \(parameter.explode)"
        default:
            break
        }
        return call + ")"
    }

    private func bodyExpression(_ body: BodyDecl) -> String {
        let make: (String) -> String = { value in
            switch body.encoding {
            case .json:
                "Courier.EndpointBody.json(\(value), encoder: \(codersName).shared.encoder)"
            case .form(let deepObject):
                "Courier.EndpointBody.form(\(value), encoder: Courier.FormURLEncoder("
                    + (deepObject ? "arrays: .brackets, nesting: .brackets" : "arrays: .repeated") + "))"
            case .multipart:
                "Courier.EndpointBody.multipart(\(value), encoder: Courier.MultipartFormEncoder(arrays: .repeated))"
            case .data(let contentType):
                "Courier.EndpointBody.data(\(value), contentType: \(SwiftWriter.stringLiteral(contentType)))"
            case .text(let contentType):
                "Courier.EndpointBody.text(\(value), contentType: \(SwiftWriter.stringLiteral(contentType)))"
            }
        }
        return body.required ? make("body") : "body.map { \(make("$0")) } ?? .none"
    }

    // MARK: Decoding

    /// The `case`s of the status switch: exact codes before ranges, `default` last.
    private func switchCases() -> [String] {
        var exact: [String] = []
        var ranges: [String] = []
        var fallback: String?
        func add(_ status: ResponseCaseDecl.Status, _ statement: String) {
            switch status {
            case .code(let code): exact.append("case \(code): \(statement)")
            case .range(let start): ranges.append("case \(start)..<\(start + 100): \(statement)")
            case .default: fallback = "default: \(statement)"
            }
        }
        switch operation.success {
        case .single(let kind, let statuses):
            let statement = "return " + read(kind)
            let patterns = statuses.compactMap { status -> String? in
                switch status {
                case .code(let code): "\(code)"
                case .range(let start): "\(start)..<\(start + 100)"
                case .default: nil
                }
            }
            if statuses.contains(.default) { fallback = "default: \(statement)" }
            if !patterns.isEmpty {
                exact.append("case \(patterns.joined(separator: ", ")): \(statement)")
            } else if statuses.isEmpty {
                ranges.append("case 200..<300: \(statement)")
            }
            let contentTypes = kind.isCheckedByDecoding ? [] : operation.successMediaTypes
            if let tolerated = Self.toleratedSuccessCase(statuses: statuses, statement: statement, contentTypes: contentTypes) {
                ranges.append(tolerated)
            }
        case .enumeration(let name, let cases):
            for item in cases {
                let made: String
                if case .none = item.body {
                    made = "\(name).\(item.swiftName)"
                } else {
                    made = "\(name).\(item.swiftName)(\(read(item.body)))"
                }
                add(item.status, "return \(made)")
            }
        }
        let error = operation.errorTypeName
        for item in operation.errors {
            var arguments: [String] = []
            if item.status == .default || { if case .range = item.status { return true } else { return false } }() {
                arguments.append("status: response.status")
                if case .none = item.body {} else { arguments.append("body: \(read(item.body))") }
            } else if case .none = item.body {} else {
                arguments.append(read(item.body))
            }
            let value = "\(error).\(item.swiftName)" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
            add(item.status, "throw response.failure(\(value))")
        }
        if fallback == nil {
            fallback = operation.errors.isEmpty
                ? "default: throw response.unacceptable()"
                : "default: throw response.failure(\(error).undocumented(status: response.status, body: response.data))"
        }
        return exact + ranges + [fallback!]
    }

    private func read(_ kind: ResponseBodyKind) -> String {
        switch kind {
        case .none: "()"
        case .json(let type): "try response.json(\(type.swift).self)"
        case .text: "try response.text()"
        case .data: "response.data"
        case .jsonStream(let type, _): "response.jsonStream(\(type.swift).self)"
        }
    }
}
