import OpenAPIKit

/// Maps an operation's parameters (the path item's, overridden by the operation's own) to ``ParamDecl``s in the
/// order of the generated function: path parameters in template order, required ones, then optional ones.
struct ParameterMapper {
    let document: OpenAPI.Document
    let schemas: SchemaMapper
    let diagnostics: DiagnosticCollector

    /// Header parameters the spec says to ignore: Courier sets them from the body and the auth layer. `Accept` is
    /// kept: the caller's value replaces the operation's default (`AcceptValue`).
    private static let ignoredHeaders: Set<String> = ["content-type", "authorization"]

    func parameters(
        pathItem: OpenAPI.Parameter.Array, operation: OpenAPI.Parameter.Array, pathTemplate: String,
        typePrefix: String, at jsonPath: String
    ) -> [ParamDecl] {
        var merged: [OpenAPI.Parameter] = []
        for (index, either) in (pathItem + operation).enumerated() {
            let place = "\(jsonPath).parameters[\(index)]"
            guard let parameter = resolve(either, at: place) else { continue }
            if let existing = merged.firstIndex(where: { $0.name == parameter.name && $0.location == parameter.location }) {
                merged[existing] = parameter
            } else {
                merged.append(parameter)
            }
        }
        var declared: [ParamDecl] = []
        for parameter in merged {
            let place = "\(jsonPath).parameters.\(parameter.name)"
            if var decl = map(parameter, typePrefix: typePrefix, at: place) {
                decl.example = ExampleCollector(document: document, diagnostics: diagnostics).parameterExample(parameter)
                declared.append(decl)
            }
        }
        let templateNames = Self.templateNames(pathTemplate)
        for decl in declared where decl.location == .path && !templateNames.contains(decl.wireName) {
            diagnostics.warning(
                "path-parameter-unused", at: "\(jsonPath).parameters.\(decl.wireName)",
                "path parameter '\(decl.wireName)' is not in the path template; dropped")
        }
        var pathParams: [ParamDecl] = []
        for name in templateNames {
            if let decl = declared.first(where: { $0.location == .path && $0.wireName == name }) {
                pathParams.append(decl)
            } else {
                diagnostics.warning(
                    "path-parameter-missing", at: jsonPath,
                    "path template names '{\(name)}' but no parameter declares it; generated as a String")
                pathParams.append(ParamDecl(
                    swiftName: Identifier.memberName(name), wireName: name, location: .path,
                    type: .primitive(.string), required: true, style: .simple, explode: false, doc: nil))
            }
        }
        let others = declared.filter { $0.location != .path }
        let ordered = pathParams + others.filter(\.required) + others.filter { !$0.required }
        return Self.uniquelyNamed(ordered)
    }

    /// Labels unique within the function: a name used in two locations gets the location as suffix (`idQuery`);
    /// `body` and the emitted function's locals are reserved.
    static func uniquelyNamed(_ parameters: [ParamDecl]) -> [ParamDecl] {
        var names = UniqueNames(reserved: ["body", "parameters"])
        return parameters.map { parameter in
            var renamed = parameter
            let clashes = parameters.contains {
                $0.swiftName == parameter.swiftName && $0.location != parameter.location
            }
            if clashes && parameter.location != .path {
                renamed.swiftName = Identifier.memberName(
                    parameter.swiftName.replacingBackticks() + "_" + parameter.location.rawValue)
            }
            renamed.swiftName = names.claim(renamed.swiftName)
            return renamed
        }
    }

    /// `{name}`s of a path template, in order.
    static func templateNames(_ template: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in template {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    private func resolve(
        _ either: Either<OpenAPI.Reference<OpenAPI.Parameter>, OpenAPI.Parameter>, at place: String
    ) -> OpenAPI.Parameter? {
        if let parameter = either.b { return parameter }
        if let parameter = try? document.components.lookup(either) { return parameter }
        diagnostics.warning("unresolved-reference", at: place, "parameter reference cannot be resolved; dropped")
        return nil
    }

    private func map(_ parameter: OpenAPI.Parameter, typePrefix: String, at place: String) -> ParamDecl? {
        let location: ParameterLocation
        switch parameter.location {
        case .path: location = .path
        case .query: location = .query
        case .header: location = .header
        case .cookie: location = .cookie
        case .querystring:
            diagnostics.warning("querystring-parameter", at: place, "'in: querystring' is not supported; dropped")
            return nil
        }
        if location == .header && Self.ignoredHeaders.contains(parameter.name.lowercased()) {
            diagnostics.note(
                "header-parameter-ignored", at: place,
                "header '\(parameter.name)' is set by Courier (body or authorization), not a parameter")
            return nil
        }
        let nameHint = typePrefix + Identifier.typeName(parameter.name)
        var decl = ParamDecl(
            swiftName: Identifier.memberName(parameter.name), wireName: parameter.name, location: location,
            type: .primitive(.string), required: location == .path || parameter.required,
            style: Self.defaultStyle(location), explode: location == .query || location == .cookie,
            doc: parameter.description, deprecated: parameter.deprecated)
        switch parameter.schemaOrContent {
        case .a(let context):
            let schema: JSONSchema = switch context.schema {
            case .a(let reference): .reference(reference.jsonReference)
            case .b(let schema): schema
            }
            decl.type = schemas.typeRef(for: schema, nameHint: nameHint, use: .parameter, path: place + ".schema")
            decl.style = Self.style(context.style, location: location)
            decl.explode = context.explode
        case .b(let content):
            // A content entry may be a `$ref` to a components' media type: resolve it like bodies and responses do.
            let media = content.first.flatMap { entry in entry.value.b ?? (try? document.components.lookup(entry.value)) }
            let schema = media?.schema ?? JSONSchema.fragment(.init())
            decl.type = schemas.typeRef(for: schema, nameHint: nameHint, use: .json, path: place + ".content")
            decl.contentJSON = true
        }
        return decl
    }

    private static func defaultStyle(_ location: ParameterLocation) -> ParameterStyleIR {
        location == .query || location == .cookie ? .form : .simple
    }

    private static func style(
        _ style: OpenAPI.Parameter.SchemaContext.Style, location: ParameterLocation
    ) -> ParameterStyleIR {
        switch style {
        case .form, .cookie: .form
        case .simple: .simple
        case .matrix: .matrix
        case .label: .label
        case .spaceDelimited: .spaceDelimited
        case .pipeDelimited: .pipeDelimited
        case .deepObject: .deepObject
        }
    }
}

extension String {
    /// The name without the backticks that make a keyword an identifier.
    func replacingBackticks() -> String { filter { $0 != "`" } }
}
