import Foundation
import OpenAPIKit
import Yams

/// Reads an OpenAPI document (YAML or JSON) into OpenAPIKit's 3.1 model, after bundling external references and
/// repairing common spec bugs, each repair reported as a warning.
///
/// The stages, all on the Yams node tree (which keeps key order and every node's line:column): parse
/// (``YAMLReader``), version check (``VersionCheck``: Swagger 2.0 is refused), bundle (``ReferenceBundler``),
/// repair (``LenientFixes``), decode (``DocumentDecoder``). Afterwards `diagnostics.locate` maps any dotted
/// document path to its file, line and column, for the diagnostics of later stages too.
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
        return try load(text: text, fileName: url.lastPathComponent, url: url)
    }

    /// Loads document text; relative `$ref`s to other files resolve against the current directory.
    func load(text: String, fileName: String) throws -> OpenAPI.Document {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return try load(text: text, fileName: fileName, url: directory.appendingPathComponent(fileName))
    }

    private func load(text: String, fileName: String, url: URL) throws -> OpenAPI.Document {
        var root: Node
        do {
            root = try YAMLReader.parse(text)
        } catch {
            diagnostics.locate = { _ in (fileName, error.line, error.column) }
            throw fail(.unreadable, "unreadable", at: "", error.message)
        }
        diagnostics.locate = SourceMap(root: root, fileName: fileName).locate
        let family: VersionCheck.Family
        do {
            family = try VersionCheck.family(of: root, fileName: fileName)
        } catch {
            throw fail(error.kind, error.code, at: error.path, error.message)
        }
        let bundler = ReferenceBundler(rootURL: url, diagnostics: diagnostics)
        do {
            try bundler.bundle(&root)
        } catch {
            throw fail(.unreadable, error.code, at: error.path, error.message)
        }
        // Repairs report positions, so the map must see the bundled tree (hoisted components) first.
        diagnostics.locate = SourceMap(root: root, fileName: fileName, origins: bundler.origins).locate
        LenientFixes(family: family, diagnostics: diagnostics).apply(to: &root)
        diagnostics.locate = SourceMap(root: root, fileName: fileName, origins: bundler.origins).locate
        let document: OpenAPI.Document
        do {
            document = try DocumentDecoder.decode(root, family: family)
        } catch {
            throw fail(.unreadable, "unreadable", at: error.path, "OpenAPIKit cannot read the document: \(error.message)")
        }
        for warning in DocumentDecoder.warnings(of: document) {
            diagnostics.warning("openapikit", at: warning.path, warning.message)
        }
        return document
    }

    private func fail(_ kind: GenerationError.Kind, _ code: String, at path: String, _ message: String) -> GenerationError {
        diagnostics.error(code, at: path, message)
        return GenerationError(kind: kind, diagnostics: diagnostics.diagnostics)
    }
}
