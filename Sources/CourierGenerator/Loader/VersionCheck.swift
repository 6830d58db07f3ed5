import Yams

/// Decides from the root mapping whether the document is one the generator reads: OpenAPI 3.0.x, 3.1.x or 3.2.0.
enum VersionCheck {
    enum Family: Equatable {
        case v3_0, v3_1, v3_2
    }

    struct Refusal: Error {
        var code: String
        var path: String
        var message: String
        var kind: GenerationError.Kind
    }

    static func family(of root: Node, fileName: String) throws(Refusal) -> Family {
        guard case .mapping = root else {
            throw Refusal(
                code: "unreadable", path: "",
                message: "\(fileName) is not an OpenAPI document (its top level is not a mapping)", kind: .unreadable)
        }
        if let swagger = root.value(forKey: "swagger") {
            let line = swagger.mark.map { ", line \($0.line)" } ?? ""
            throw Refusal(
                code: "swagger2", path: "swagger",
                message: """
                    \(fileName) is Swagger 2.0 (swagger: "\(swagger.text ?? "?")"\(line)). courier generate reads \
                    OpenAPI 3.0 and 3.1; convert it first (for example with the Swagger Editor's Convert to OpenAPI 3)
                    """,
                kind: .refused)
        }
        guard let version = root.value(forKey: "openapi")?.text else {
            throw Refusal(
                code: "unreadable", path: "",
                message: "\(fileName) has no `openapi:` version field; it is not an OpenAPI 3 document",
                kind: .unreadable)
        }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        let patchIsNumber = parts.count == 3 && Int(parts[2]) != nil
        switch (parts.first, parts.dropFirst().first, patchIsNumber) {
        case ("3", "0", true): return .v3_0
        case ("3", "1", true): return .v3_1
        case ("3", "2", true) where version == "3.2.0": return .v3_2
        default:
            throw Refusal(
                code: "openapi-version", path: "openapi",
                message: "\(fileName) is OpenAPI \(version); courier generate reads OpenAPI 3.0.x, 3.1.x and 3.2.0",
                kind: .refused)
        }
    }
}
