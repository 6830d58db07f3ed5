import Foundation
import OpenAPIKit
import Yams

/// Decodes the repaired node tree with OpenAPIKit's 3.1 model; 3.0.x (and 3.1.x patch levels OpenAPIKit does not
/// know yet) are mapped to a 3.1 version it does know.
enum DocumentDecoder {
    struct Failure: Error {
        var path: String
        var message: String
    }

    static func decode(_ root: Node, family: VersionCheck.Family) throws(Failure) -> OpenAPI.Document {
        var versionMap: [String: OpenAPI.Document.Version] = [:]
        if let version = root.value(forKey: "openapi")?.text, OpenAPI.Document.Version(rawValue: version) == nil {
            versionMap[version] = family == .v3_0 ? .v3_1_1 : .v3_1_2
        }
        do {
            return try YAMLDecoder().decode(
                OpenAPI.Document.self, from: root, userInfo: [DocumentConfiguration.versionMapKey: versionMap])
        } catch {
            let failure = OpenAPI.Error(from: error)
            let path = dotted(failure.codingPath)
            throw Failure(path: path, message: failure.localizedDescription)
        }
    }

    /// A coding path as a document path: array elements by index (`parameters.0`), as ``SourceMap`` walks them.
    private static func dotted(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// OpenAPIKit's document warnings, minus the ones about what the loader did on purpose (the version mapping).
    static func warnings(of document: OpenAPI.Document) -> [(path: String, message: String)] {
        document.warnings
            .filter { !$0.localizedDescription.contains("is being decoded as version") }
            .map { (dotted($0.codingPath ?? []), $0.localizedDescription) }
    }
}
