import Foundation
import OpenAPIKit

/// Turns an OpenAPI 3.0 or 3.1 document into the Swift package of a typed Courier client.
///
/// The stages, each in its own folder: `Loader` reads YAML or JSON, bundles external references and repairs common
/// spec bugs (with a warning each); `Schemas` maps component and inline schemas to Swift types; `Operations` maps
/// every operation to an `Endpoint` factory; `Examples` collects documented examples for stubs; `Emit` writes the
/// files. Output depends only on the input and the options: same bytes every run.
public struct Generator: Sendable {
    /// What to generate and how: module name, Courier's location, tests, filters.
    public var options: GeneratorOptions

    /// A generator with `options`.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Generates the package for the document at `specURL`: a file, or a directory holding `openapi.yaml` (`.yml`,
    /// `.json`) whose `$ref`s reach the other files of a multi-file document.
    ///
    /// - Throws: ``GenerationError`` when the document cannot be read or is refused (Swagger 2.0).
    public func generate(specURL: URL) throws -> GenerationResult {
        let diagnostics = DiagnosticCollector()
        let document = try DocumentLoader(diagnostics: diagnostics).load(url: specURL)
        return try generate(document: document, diagnostics: diagnostics)
    }

    /// Generates the package for document text (YAML or JSON); `fileName` names it in diagnostics.
    public func generate(text: String, fileName: String = "openapi.yaml") throws -> GenerationResult {
        let diagnostics = DiagnosticCollector()
        let document = try DocumentLoader(diagnostics: diagnostics).load(text: text, fileName: fileName)
        return try generate(document: document, diagnostics: diagnostics)
    }

    private func generate(document: OpenAPI.Document, diagnostics: DiagnosticCollector) throws -> GenerationResult {
        let started = ContinuousClock.now
        let moduleName = options.moduleName.map(Identifier.typeName) ?? Identifier.moduleName(fromTitle: document.info.title)
        let filtered = OperationFilter(options: options).apply(to: document, diagnostics: diagnostics)
        let schemas = SchemaMapper(document: filtered, moduleName: moduleName, diagnostics: diagnostics)
        var operations = OperationMapper(
            document: filtered, schemas: schemas, moduleName: moduleName, diagnostics: diagnostics)
        let mapped = operations.map()
        let keepAllComponents = options.tags.isEmpty && options.operationIDs.isEmpty && options.pathPrefixes.isEmpty
        let types = schemas.finish(includingUnreferencedComponents: keepAllComponents)
        let model = APIModel(
            moduleName: moduleName, title: document.info.title, doc: document.info.description, types: types,
            operations: mapped.operations, servers: mapped.servers, securitySchemes: mapped.securitySchemes,
            security: mapped.security)
        if diagnostics.hasErrors {
            throw GenerationError(kind: .unreadable, diagnostics: diagnostics.diagnostics)
        }
        let files = PackageEmitter(model: model, options: options).files()
        return GenerationResult(
            moduleName: moduleName, files: files, diagnostics: diagnostics.diagnostics,
            stats: .init(
                types: types.count, operations: model.operations.count,
                groups: Set(model.operations.map(\.group)).count,
                lines: files.reduce(0) { $0 + $1.lineCount },
                duration: ContinuousClock.now - started))
    }
}

/// One file of the generated package, its path relative to the package root.
public struct GeneratedFile: Hashable, Sendable {
    /// Relative to the package root, `/`-separated (`Sources/PetShop/API.swift`).
    public var path: String
    /// The file's text, `\n` line ends.
    public var contents: String

    /// A file at `path` holding `contents`.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    /// The number of lines (`\n` characters).
    public var lineCount: Int { contents.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } }
}

/// What ``Generator/generate(specURL:)`` produced.
public struct GenerationResult: Sendable {
    /// The figures `courier generate` prints in its summary line.
    public struct Stats: Hashable, Sendable {
        /// Generated model types.
        public var types: Int
        /// Generated operations, after filtering.
        public var operations: Int
        /// Operation groups (tags), each an `API.<group>`.
        public var groups: Int
        /// Lines over all generated files.
        public var lines: Int
        /// Time from the loaded document to the files (loading excluded).
        public var duration: Duration
    }

    /// The library module's name (from the options or the document's title).
    public var moduleName: String
    /// Every file of the package, in a fixed order.
    public var files: [GeneratedFile]
    /// Notes and warnings about the document (errors throw ``GenerationError`` instead).
    public var diagnostics: [Diagnostic]
    /// The summary figures.
    public var stats: Stats
}
