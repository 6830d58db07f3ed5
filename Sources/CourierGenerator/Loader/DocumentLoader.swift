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

    /// Root documents looked for when `url` is a directory (a tree `redocly split` wrote), in this order.
    static let rootFileNames = ["openapi.yaml", "openapi.yml", "openapi.json"]

    func load(url: URL) throws -> OpenAPI.Document {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let candidates = Self.rootFileNames.map { url.appendingPathComponent($0) }
            guard let root = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                diagnostics.error(
                    "no-root-document", at: "",
                    "\(url.path) is a directory with no \(Self.rootFileNames.joined(separator: ", ")); name the root file")
                throw GenerationError(kind: .unreadable, diagnostics: diagnostics.diagnostics)
            }
            return try load(url: root)
        }
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
            // The failing `$ref`'s own file and line: the source map knows only the root file at this stage.
            var place = diagnostics.locate(error.path)
            if let file = error.file { place = (file, error.line, error.column) }
            diagnostics.report(.error, error.code, at: error.path, place: place, error.message)
            throw GenerationError(kind: .unreadable, diagnostics: diagnostics.diagnostics)
        }
        // Repairs report positions, so the map must see the bundled tree (hoisted components) first.
        diagnostics.locate = SourceMap(root: root, fileName: fileName, origins: bundler.origins).locate
        for warning in bundler.outsideRootWarnings {
            diagnostics.warning("ref-outside-root", at: warning.path, warning.message)
        }
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
