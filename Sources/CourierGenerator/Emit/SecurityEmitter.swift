/// Writes the security helpers of `API.swift`: an `Authorization` factory per scheme, a `RequestCondition` that
/// matches the operations requiring it, and `Client.authorizing<M>(…)` that signs exactly those operations.
struct SecurityEmitter {
    let model: APIModel
    /// `petShop`.
    let prefix: String

    private var upperPrefix: String { prefix.prefix(1).uppercased() + prefix.dropFirst() }

    private func factoryName(_ scheme: SecuritySchemeDecl) -> String {
        prefix + upper(scheme.swiftName)
    }

    private func conditionName(_ scheme: SecuritySchemeDecl) -> String {
        "requires" + upperPrefix + upper(scheme.swiftName)
    }

    private func upper(_ name: String) -> String {
        let bare = name.replacingBackticks()
        return bare.prefix(1).uppercased() + bare.dropFirst()
    }

    /// Operation IDs whose effective requirement (their own, else the document's) names `scheme`.
    func operationIDs(requiring scheme: SecuritySchemeDecl) -> [String] {
        model.operations.filter { operation in
            let requirement = operation.security.isEmpty ? model.security : operation.security
            return requirement.contains { $0.contains(scheme.name) }
        }.map(\.operationID)
    }

    func write(_ out: inout SwiftWriter) {
        guard !model.securitySchemes.isEmpty else { return }
        out.line()
        out.block("extension Courier.Authorization") { out in
            for (index, scheme) in model.securitySchemes.enumerated() {
                if index > 0 { out.line() }
                writeFactory(scheme, &out)
            }
        }
        out.line()
        out.block("extension Courier.RequestCondition") { out in
            for (index, scheme) in model.securitySchemes.enumerated() {
                if index > 0 { out.line() }
                let ids = operationIDs(requiring: scheme).map(SwiftWriter.stringLiteral)
                out.doc("The operations that require `\(scheme.name)`.")
                out.line("public static let \(conditionName(scheme)): Courier.RequestCondition = {")
                out.indented { out in
                    if ids.isEmpty {
                        out.line("let operations: Swift.Set<Swift.String> = []")
                    } else {
                        out.line("let operations: Swift.Set<Swift.String> = [")
                        out.indented { out in
                            for id in ids { out.line(id + ",") }
                        }
                        out.line("]")
                    }
                    out.line("return Courier.RequestCondition { operations.contains($0.options.operationID ?? \"\") }")
                }
                out.line("}()")
            }
        }
        out.line()
        out.block("extension Courier.Client") { out in
            out.doc(
                "This client signing each operation with the authorization of the scheme it requires; operations "
                    + "that require none (`security: []`) are never signed.")
            let labels = model.securitySchemes.map { "\($0.swiftName): Courier.Authorization? = nil" }
            out.block("public func authorizing\(upperPrefix)(\(labels.joined(separator: ", "))) -> Courier.Client") { out in
                out.line("var client = self")
                for scheme in model.securitySchemes {
                    out.block("if let \(scheme.swiftName)") { out in
                        out.line(
                            "client = client.when(.\(conditionName(scheme))) { $0.authorizing(with: \(scheme.swiftName)) }")
                    }
                }
                out.line("return client")
            }
        }
    }

    private func writeFactory(_ scheme: SecuritySchemeDecl, _ out: inout SwiftWriter) {
        let name = factoryName(scheme)
        let summary = "`\(scheme.name)`" + (scheme.doc.map { ": " + $0 } ?? ".")
        switch scheme.kind {
        case .basic:
            out.doc(summary)
            out.block("public static func \(name)(username: Swift.String, password: Swift.String) -> Courier.Authorization") {
                $0.line(".basic(username: username, password: password)")
            }
        case .bearer, .oauth2, .openIdConnect:
            out.doc(summary)
            out.block("public static func \(name)(_ token: Swift.String) -> Courier.Authorization") {
                $0.line(".bearer(token)")
            }
            out.line()
            out.doc(summary, Self.providerDoc(scheme.kind, flows: OAuthEmitter.typeName(of: scheme, prefix: prefix)))
            out.block("public static func \(name)(_ provider: some Courier.TokenProvider) -> Courier.Authorization") {
                $0.line(".bearer(provider)")
            }
        case .apiKeyHeader(let field), .apiKeyQuery(let field), .apiKeyCookie(let field):
            let label = switch scheme.kind {
            case .apiKeyHeader: "header"
            case .apiKeyQuery: "queryParameter"
            default: "cookie"
            }
            out.doc(summary)
            out.block("public static func \(name)(_ key: Swift.String) -> Courier.Authorization") {
                $0.line(".credential(.apiKey(key, \(label): \(SwiftWriter.stringLiteral(field))))")
            }
        }
    }

    private static func providerDoc(_ kind: SecuritySchemeDecl.Kind, flows: String) -> String {
        switch kind {
        case .oauth2: "Tokens from `provider`, refreshed on 401: an `OAuthSession` from `\(flows)`, or a provider of your own."
        case .openIdConnect: "Tokens from `provider`, refreshed on 401: an `OAuthSession` on the server `\(flows).discover()` finds."
        default: "Tokens from `provider`, refreshed on 401."
        }
    }
}
