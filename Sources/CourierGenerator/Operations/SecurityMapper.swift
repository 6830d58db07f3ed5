import OpenAPIKit

/// Maps `components.securitySchemes` to the `Authorization` helpers the generated package offers.
struct SecurityMapper {
    let document: OpenAPI.Document
    let diagnostics: DiagnosticCollector

    func schemes() -> [SecuritySchemeDecl] {
        var names = UniqueNames()
        var result: [SecuritySchemeDecl] = []
        for (key, either) in document.components.securitySchemes {
            let name = key.rawValue
            let place = "components.securitySchemes.\(name)"
            guard let scheme = either.b ?? (try? document.components.lookup(either)) else {
                diagnostics.warning("unresolved-reference", at: place, "security scheme reference cannot be resolved")
                continue
            }
            let kind: SecuritySchemeDecl.Kind
            switch scheme.type {
            case .http(let httpScheme, _) where httpScheme.lowercased() == "basic": kind = .basic
            case .http(let httpScheme, _) where httpScheme.lowercased() == "bearer": kind = .bearer
            case .http(let httpScheme, _):
                diagnostics.warning(
                    "security-scheme", at: place,
                    "HTTP '\(httpScheme)' authentication is not generated; use Authorization.custom(field:data:)")
                continue
            case .oauth2(let flows, _):
                let declared = Self.flows(flows)
                if flows.implicit != nil || flows.password != nil {
                    diagnostics.note(
                        "security-scheme", at: place,
                        "the implicit and password flows are not generated (OAuth 2.0 Security BCP); a TokenProvider of your own can still sign")
                }
                kind = declared.isEmpty ? .bearer : .oauth2(declared)
            case .openIdConnect(let url): kind = .openIdConnect(url: url.absoluteString)
            case .apiKey(let keyName, let location):
                switch location {
                case .header: kind = .apiKeyHeader(keyName)
                case .query: kind = .apiKeyQuery(keyName)
                case .cookie: kind = .apiKeyCookie(keyName)
                }
            case .mutualTLS:
                diagnostics.note(
                    "security-scheme", at: place, "mutual TLS is configured on the transport, not generated")
                continue
            }
            result.append(SecuritySchemeDecl(
                name: name, swiftName: names.claim(Identifier.memberName(name)), kind: kind, doc: scheme.description))
        }
        return result
    }

    private static func flows(_ flows: OpenAPI.OAuthFlows) -> OAuthFlowsDecl {
        func scopes(_ scopes: OrderedDictionary<String, String>) -> [OAuthFlowsDecl.Scope] {
            scopes.map { OAuthFlowsDecl.Scope(name: $0.key, description: $0.value) }
        }
        return OAuthFlowsDecl(
            clientCredentials: flows.clientCredentials.map {
                .init(startURL: nil, tokenURL: $0.tokenUrl.absoluteString, scopes: scopes($0.scopes))
            },
            authorizationCode: flows.authorizationCode.map {
                .init(startURL: $0.authorizationUrl.absoluteString, tokenURL: $0.tokenUrl.absoluteString, scopes: scopes($0.scopes))
            },
            deviceAuthorization: flows.deviceAuthorization.map {
                .init(startURL: $0.deviceAuthorizationUrl.absoluteString, tokenURL: $0.tokenUrl.absoluteString, scopes: scopes($0.scopes))
            })
    }

    /// Scheme names per alternative of a security requirement list.
    static func requirement(_ requirements: [OpenAPI.SecurityRequirement]) -> [[String]] {
        requirements.map { alternative in
            alternative.keys.compactMap(\.name).sorted()
        }
    }
}
