/// Writes `Sources/<M>/OAuth.swift` when the document has `oauth2` or `openIdConnect` schemes: per scheme, an enum of
/// the flows it declares, each returning a CourierOAuth `OAuthSession` with the document's URLs and scopes, to sign
/// with the scheme's `Authorization` factory.
struct OAuthEmitter {
    let model: APIModel
    /// `oauthAPI`.
    let prefix: String

    /// The schemes this file covers.
    static func schemes(of model: APIModel) -> [SecuritySchemeDecl] {
        model.securitySchemes.filter {
            switch $0.kind {
            case .oauth2, .openIdConnect: true
            default: false
            }
        }
    }

    /// `OAuthAPIAppAuth`: the enum of a scheme's flows.
    static func typeName(of scheme: SecuritySchemeDecl, prefix: String) -> String {
        let bare = scheme.swiftName.replacingBackticks()
        return prefix.prefix(1).uppercased() + prefix.dropFirst() + bare.prefix(1).uppercased() + bare.dropFirst()
    }

    func file() -> GeneratedFile? {
        let schemes = Self.schemes(of: model)
        guard !schemes.isEmpty else { return nil }
        var out = SwiftWriter()
        // The header imports Courier and Foundation.
        out.line("import CourierOAuth")
        for scheme in schemes {
            out.line()
            switch scheme.kind {
            case .oauth2(let flows): writeFlows(scheme, flows, &out)
            case .openIdConnect(let url): writeOpenIDConnect(scheme, url, &out)
            default: break
            }
        }
        return GeneratedFile(
            path: "Sources/\(model.moduleName)/OAuth.swift",
            contents: GeneratedHeader.swift(title: model.title) + out.text)
    }

    private func writeFlows(_ scheme: SecuritySchemeDecl, _ flows: OAuthFlowsDecl, _ out: inout SwiftWriter) {
        let type = Self.typeName(of: scheme, prefix: prefix)
        let factory = prefix + upper(scheme.swiftName.replacingBackticks())
        out.doc(
            "The OAuth 2.0 flows `\(scheme.name)` declares, each an `OAuthSession` to sign with "
                + "`.authorizing\(upper(prefix))(\(scheme.swiftName.replacingBackticks()): .\(factory)(session))`.",
            scheme.doc,
            "URLs the document writes relative to its server are resolved against `base`: pass the server's URL. Pass the "
                + "server's `issuer` identifier when you know it (a sign-in checks a redirect's `iss` against it).")
        out.block("public enum \(type)") { out in
            let flowList: [(name: String, flow: OAuthFlowsDecl.Flow?)] = [
                ("clientCredentials", flows.clientCredentials), ("authorizationCode", flows.authorizationCode),
                ("deviceAuthorization", flows.deviceAuthorization),
            ]
            for (name, flow) in flowList {
                guard let flow else { continue }
                writeFlow(name, flow, &out)
                out.line()
            }
            out.doc("A URL of the document, resolved against `base` when it is relative.")
            out.block("private static func url(_ documented: Swift.String, relativeTo base: Foundation.URL?) -> Foundation.URL") { out in
                out.line("Foundation.URL(string: documented, relativeTo: base)?.absoluteURL ?? Foundation.URL(fileURLWithPath: documented)")
            }
            out.line()
            out.doc(
                "The issuer a session's tokens are kept for, when no `issuer` is given: the token URL's origin. A server that "
                    + "names itself in its redirects (RFC 9207 `iss`, as Keycloak does) needs its real issuer passed.")
            out.block("private static func origin(of tokenURL: Foundation.URL) -> Swift.String") { out in
                out.line("var parts = Foundation.URLComponents()")
                out.line("parts.scheme = tokenURL.scheme")
                out.line("parts.host = tokenURL.host")
                out.line("parts.port = tokenURL.port")
                out.line("return parts.string ?? tokenURL.absoluteString")
            }
        }
    }

    private func writeFlow(_ name: String, _ flow: OAuthFlowsDecl.Flow, _ out: inout SwiftWriter) {
        let scopeNames = flow.scopes.map { SwiftWriter.stringLiteral($0.name) }.joined(separator: ", ")
        out.doc("The scopes of the \(title(name)) flow, with the document's descriptions.")
        if flow.scopes.isEmpty {
            out.line("public static let \(name)Scopes: Swift.KeyValuePairs<Swift.String, Swift.String> = [:]")
        } else {
            out.line("public static let \(name)Scopes: Swift.KeyValuePairs<Swift.String, Swift.String> = [")
            out.indented { out in
                for scope in flow.scopes {
                    out.line("\(SwiftWriter.stringLiteral(scope.name)): \(SwiftWriter.stringLiteral(scope.description)),")
                }
            }
            out.line("]")
        }
        out.line()
        let summary: String
        let endpoints: String
        let takesClock: Bool
        let call: String
        switch name {
        case "clientCredentials":
            summary = "A session that gets tokens with the client credentials grant (RFC 6749 §4.4) at `\(flow.tokenURL)`."
            endpoints = "tokenEndpoint: token"
            takesClock = false
            call = ".clientCredentials(server: server, client: client, scopes: scopes, store: store, http: http)"
        case "authorizationCode":
            summary = "A session for the authorization code flow with PKCE at `\(flow.startURL ?? "")`: sign the user in with "
                + "`signIn(redirectURI:presenting:)` or `signInWithLoopbackRedirect(path:open:)`."
            endpoints = "authorizationEndpoint: url(\(SwiftWriter.stringLiteral(flow.startURL ?? "")), relativeTo: base), tokenEndpoint: token"
            takesClock = true
            call = "CourierOAuth.OAuthSession(server: server, client: client, scopes: scopes, store: store, http: http, clock: clock)"
        default:
            summary = "A session for the device authorization flow (RFC 8628) at `\(flow.startURL ?? "")`: sign the user in with "
                + "`signIn(device:)`."
            endpoints = "tokenEndpoint: token, deviceAuthorizationEndpoint: url(\(SwiftWriter.stringLiteral(flow.startURL ?? "")), relativeTo: base)"
            takesClock = true
            call = "CourierOAuth.OAuthSession(server: server, client: client, scopes: scopes, store: store, http: http, clock: clock)"
        }
        out.doc(summary)
        out.line("public static func \(name)(")
        out.indented { out in
            out.line("client: CourierOAuth.OAuthClientRegistration,")
            out.line("scopes: [Swift.String] = [\(scopeNames)],")
            out.line("relativeTo base: Foundation.URL? = nil,")
            out.line("issuer: Swift.String? = nil,")
            out.line("store: any CourierOAuth.OAuthTokenStore = CourierOAuth.InMemoryTokenStore(),")
            let http = "http: Courier.Client = CourierOAuth.OAuthSession.defaultHTTPClient"
            if takesClock {
                out.line(http + ",")
                out.line("clock: some Swift.Clock<Swift.Duration> = Swift.ContinuousClock()")
            } else {
                out.line(http)
            }
        }
        out.block(") -> CourierOAuth.OAuthSession") { out in
            out.line("let token = url(\(SwiftWriter.stringLiteral(flow.tokenURL)), relativeTo: base)")
            out.line("let server = CourierOAuth.OAuthServerMetadata(issuer: issuer ?? origin(of: token), \(endpoints))")
            out.line("return \(call)")
        }
    }

    private func writeOpenIDConnect(_ scheme: SecuritySchemeDecl, _ url: String, _ out: inout SwiftWriter) {
        let type = Self.typeName(of: scheme, prefix: prefix)
        out.doc(
            "The OpenID Connect provider of `\(scheme.name)`: its endpoints, read from `\(url)` (resolved against `base` when "
                + "relative). Make an `OAuthSession` on them, and sign with it.",
            scheme.doc)
        out.block("public enum \(type)") { out in
            out.doc("The discovery document's URL, as the document writes it.")
            out.line("public static let configurationURL: Swift.String = \(SwiftWriter.stringLiteral(url))")
            out.line()
            out.doc("The provider's endpoints, from its discovery document (its issuer checked against the URL).")
            out.block(
                "public static func discover(relativeTo base: Foundation.URL? = nil, using http: Courier.Client = "
                    + "CourierOAuth.OAuthSession.defaultHTTPClient) async throws -> CourierOAuth.OAuthServerMetadata"
            ) { out in
                out.line("let url = Foundation.URL(string: configurationURL, relativeTo: base)?.absoluteURL")
                out.line("    ?? Foundation.URL(fileURLWithPath: configurationURL)")
                out.line("return try await CourierOAuth.OAuthServerMetadata.discover(configuration: url, using: http)")
            }
        }
    }

    private func upper(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    private func title(_ flow: String) -> String {
        switch flow {
        case "clientCredentials": "client credentials"
        case "authorizationCode": "authorization code"
        default: "device authorization"
        }
    }
}
