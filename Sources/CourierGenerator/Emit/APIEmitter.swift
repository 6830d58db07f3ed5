import Foundation

/// Writes `Sources/<M>/API.swift`: the `API` namespace with one `<Group>Operations` value per tag, the module's
/// coders, its servers and its security helpers.
struct APIEmitter {
    let model: APIModel

    var codersName: String { model.moduleName + "Coders" }
    /// `petShop`: the prefix of the servers and authorization helpers the package adds to Courier's types.
    private var prefix: String { Identifier.memberName(model.moduleName).replacingBackticks() }

    /// The groups in the order their first operation appears: `(member, type)`.
    var groups: [(name: String, type: String)] {
        var seen: [String] = []
        var result: [(name: String, type: String)] = []
        for operation in model.operations where !seen.contains(operation.group) {
            seen.append(operation.group)
            result.append((operation.group, operation.groupType))
        }
        return result
    }

    func file() -> GeneratedFile {
        var out = SwiftWriter()
        writeNamespace(&out)
        writeCoders(&out)
        writeServers(&out)
        SecurityEmitter(model: model, prefix: prefix).write(&out)
        return GeneratedFile(
            path: "Sources/\(model.moduleName)/API.swift",
            contents: GeneratedHeader.swift(title: model.title) + out.text)
    }

    private func writeNamespace(_ out: inout SwiftWriter) {
        out.line()
        out.doc(
            model.title, model.doc,
            "Every operation is a function of a group that returns a `Courier.Endpoint`: `API.<group>.<operation>(…)`.")
        out.block("public enum API") { out in
            for (index, group) in groups.enumerated() {
                if index > 0 { out.line() }
                out.doc("The operations tagged `\(group.name.replacingBackticks())`.")
                out.line("public static let \(group.name) = \(group.type)()")
            }
            if let relative = model.servers.first(where: { $0.parts == nil }) {
                if !groups.isEmpty { out.line() }
                out.doc(
                    "The document's server is relative (`\(relative.url)`): use this base path with your host, "
                        + "`Courier.Server(host: …, basePath: API.basePath)`.")
                out.line("public static let basePath: Swift.String = \(SwiftWriter.stringLiteral(relative.url))")
            }
        }
        for group in groups {
            out.line()
            out.doc("The operations tagged `\(group.name.replacingBackticks())`, as `API.\(group.name.replacingBackticks())`.")
            out.block("public struct \(group.type): Sendable") { out in
                out.line("public init() {}")
            }
        }
    }

    private func writeCoders(_ out: inout SwiftWriter) {
        let needsJSONText = model.operations.contains { $0.parameters.contains(where: \.contentJSON) }
        out.line()
        out.doc("The JSON coders of \(model.moduleName)'s endpoints: ISO 8601 dates, with or without fractional seconds.")
        out.block("public enum \(codersName)") { out in
            out.line("public static let shared: Courier.APICoders = .iso8601")
            guard needsJSONText else { return }
            out.line()
            out.doc("A `content`-encoded parameter as JSON text; `nil` when absent or not encodable.")
            out.block("static func jsonText(_ value: (some Encodable)?) -> Swift.String?") { out in
                out.line("guard let value, let data = try? shared.encoder.encode(value) else { return nil }")
                out.line("return Swift.String(decoding: data, as: Swift.UTF8.self)")
            }
        }
    }

    private func writeServers(_ out: inout SwiftWriter) {
        let servers = model.servers.filter { $0.parts != nil }
        guard !servers.isEmpty else { return }
        out.line()
        out.block("extension Courier.Server") { out in
            for (index, server) in servers.enumerated() {
                guard let parts = server.parts else { continue }
                if index > 0 { out.line() }
                out.doc(server.doc, "`\(server.url)`")
                let used = server.variables.filter { parts.host.contains("{\($0.wireName)}") || parts.basePath.contains("{\($0.wireName)}") }
                var arguments = "scheme: \(SwiftWriter.stringLiteral(parts.scheme)), host: \(interpolated(parts.host, used))"
                if let port = parts.port { arguments += ", port: \(port)" }
                if !parts.basePath.isEmpty { arguments += ", basePath: \(interpolated(parts.basePath, used))" }
                if used.isEmpty {
                    out.line("public static let \(server.swiftName) = Courier.Server(\(arguments))")
                } else {
                    let parameters = used.map {
                        "\($0.swiftName): Swift.String = \(SwiftWriter.stringLiteral($0.defaultValue))"
                    }
                    out.block("public static func \(server.swiftName)(\(parameters.joined(separator: ", "))) -> Courier.Server") { out in
                        out.line("Courier.Server(\(arguments))")
                    }
                }
            }
        }
    }

    /// A string literal for `template` with each `{variable}` interpolated.
    private func interpolated(_ template: String, _ variables: [ServerDecl.Variable]) -> String {
        var literal = String(SwiftWriter.stringLiteral(template).dropLast())
        for variable in variables {
            literal = literal.replacingOccurrences(of: "{\(variable.wireName)}", with: "\\(\(variable.swiftName))")
        }
        return literal + "\""
    }
}
