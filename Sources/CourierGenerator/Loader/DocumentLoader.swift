import Foundation
import OpenAPIKit
import Yams

/// Reads an OpenAPI document (YAML or JSON) into OpenAPIKit's 3.1 model, after bundling external references and
/// repairing common spec bugs, each repair reported as a warning. (Skeleton: P2 fills in §5.1 of the plan.)
struct DocumentLoader {
    let diagnostics: DiagnosticCollector

    func load(url: URL) throws -> OpenAPI.Document {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            diagnostics.error("unreadable", at: "", "cannot read \(url.path): \(error.localizedDescription)")
            throw GenerationError(kind: .unreadable, diagnostics: diagnostics.diagnostics)
        }
        return try load(text: text, fileName: url.lastPathComponent)
    }

    func load(text: String, fileName: String) throws -> OpenAPI.Document {
        do {
            return try YAMLDecoder().decode(OpenAPI.Document.self, from: text)
        } catch {
            diagnostics.error("unreadable", at: "", "\(fileName): \(error)")
            throw GenerationError(kind: .unreadable, diagnostics: diagnostics.diagnostics)
        }
    }
}
