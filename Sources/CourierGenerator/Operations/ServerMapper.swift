import Foundation
import OpenAPIKit

/// Maps the document's `servers` to `Courier.Server` constants (or functions of the URL's variables). Each URL is
/// checked here, so the generated code needs no `try`.
struct ServerMapper {
    let document: OpenAPI.Document
    let moduleName: String
    let diagnostics: DiagnosticCollector

    func servers() -> [ServerDecl] {
        let base = Identifier.memberName(moduleName)
        var names = UniqueNames(reserved: [])
        var result: [ServerDecl] = []
        for (index, server) in document.servers.enumerated() {
            let place = "servers[\(index)]"
            let label = server.name ?? server.description
            let suffix = index == 0 || label == nil ? (index == 0 ? "" : "\(index + 1)") : Identifier.typeName(label!)
            var decl = ServerDecl(
                swiftName: names.claim(base.replacingBackticks() + suffix), url: server.urlTemplate.rawValue,
                doc: server.description)
            var variableNames = UniqueNames()
            decl.variables = server.variables.map { name, variable in
                ServerDecl.Variable(
                    swiftName: variableNames.claim(Identifier.memberName(name)), wireName: name,
                    defaultValue: variable.default, doc: variable.description)
            }
            if decl.url.hasPrefix("/") {
                result.append(decl)
                continue
            }
            guard let parts = parts(of: decl.url, variables: decl.variables, at: place) else { continue }
            decl.parts = parts
            result.append(decl)
        }
        return result
    }

    /// Splits `scheme://host[:port]/path`; `nil` (with a warning) when `Courier.Server` cannot take it.
    private func parts(of url: String, variables: [ServerDecl.Variable], at place: String) -> ServerDecl.Parts? {
        func refuse(_ why: String) -> ServerDecl.Parts? {
            diagnostics.warning("server-url", at: place, "server '\(url)' \(why); no constant generated")
            return nil
        }
        guard let schemeEnd = url.range(of: "://") else { return refuse("has no scheme") }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return refuse("is not http or https") }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest.dropFirst(authority.count))
        guard !path.contains("?"), !path.contains("#") else { return refuse("has a query or fragment") }
        if path == "/" { path = "" }
        var host = String(authority)
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                return refuse("has a port that is not a number in 1...65535")
            }
            port = number
            host = String(authority[..<colon])
        }
        var concreteHost = host
        for variable in variables {
            concreteHost = concreteHost.replacingOccurrences(of: "{\(variable.wireName)}", with: variable.defaultValue)
        }
        if host.contains("@") || concreteHost.isEmpty || concreteHost.contains(where: { "/@?#{} ".contains($0) }) {
            return refuse("has no usable host")
        }
        return ServerDecl.Parts(scheme: scheme, host: host, port: port, basePath: path)
    }
}
