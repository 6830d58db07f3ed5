import CourierTestSupport
import Foundation
import OpenAPIKit
@testable import CourierGenerator

/// The models of a document: every component schema mapped, plus what the mapper reported.
struct MappedModels: Sendable {
    var types: [TypeDecl]
    var diagnostics: [Diagnostic]

    subscript(_ name: String) -> TypeDecl? { types.first { $0.name == name } }

    func object(_ name: String) -> ObjectDecl? {
        if case .object(let object)? = self[name] { return object }
        return nil
    }

    func union(_ name: String) -> UnionDecl? {
        if case .union(let union)? = self[name] { return union }
        return nil
    }

    func enumeration(_ name: String) -> EnumDecl? {
        if case .enumeration(let enumeration)? = self[name] { return enumeration }
        return nil
    }

    func alias(_ name: String) -> AliasDecl? {
        if case .alias(let alias)? = self[name] { return alias }
        return nil
    }

    var codes: [String] { diagnostics.map(\.code) }
}

/// Maps the component schemas of `text`; `roots` are asked for first, as the operation mapper would.
func mapModels(
    _ text: String, module: String = "Models", roots: [(schema: String, use: SchemaUse)] = []
) throws -> MappedModels {
    let diagnostics = DiagnosticCollector()
    let document = try DocumentLoader(diagnostics: diagnostics).load(text: text, fileName: "test.yaml")
    let mapper = SchemaMapper(document: document, moduleName: module, diagnostics: diagnostics)
    for root in roots {
        _ = mapper.typeRef(
            for: .reference(.component(named: root.schema)), nameHint: root.schema, use: root.use, path: "test")
    }
    let types = mapper.finish(includingUnreferencedComponents: true)
    return MappedModels(types: types, diagnostics: diagnostics.diagnostics)
}

/// A tiny 3.1 document with these component schemas (YAML, indented under `schemas:`).
func componentsDocument(_ schemas: String) -> String {
    "openapi: 3.1.0\ninfo: {title: T, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n"
        + schemas.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        + "\n"
}

/// The rendered Swift of one type.
func rendered(_ models: MappedModels, _ name: String) -> String {
    models[name].map(ModelEmitter.render) ?? "<no type \(name)>"
}

/// The package root, found from this file (`Tests/CourierGeneratorTests/…`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Type-checks generated files against the built Courier module (`.build/debug/Modules`) in Swift 6 mode with
/// warnings as errors; returns the compiler's output (empty when clean) and its status.
func typecheckModels(_ files: [GeneratedFile], extraSources: [String: String] = [:]) async throws -> ProcessOutcome {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-models-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // `COURIER_MODELS_KEEP=1` keeps the files for a look (the path is in the compiler's messages).
    defer {
        if ProcessInfo.processInfo.environment["COURIER_MODELS_KEEP"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
    }
    var paths: [String] = []
    for (index, file) in files.enumerated() {
        let url = directory.appendingPathComponent("\(index)-" + (file.path as NSString).lastPathComponent)
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
        paths.append(url.path)
    }
    for (name, source) in extraSources.sorted(by: { $0.key < $1.key }) {
        let url = directory.appendingPathComponent(name)
        try source.write(to: url, atomically: true, encoding: .utf8)
        paths.append(url.path)
    }
    let modules = packageRoot.appendingPathComponent(".build/debug/Modules").path
    return try await runProcess(
        URL(fileURLWithPath: "/usr/bin/env"),
        // Low priority: the compiler must not take the cores from the suites running beside it.
        ["nice", "-n", "15", "swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors",
         "-module-name", "GeneratedModels", "-I", modules] + paths)
}

/// Generates and type-checks the models of the document at `url`.
func typecheckModels(ofDocumentAt url: URL, shardSize: Int = 40) async throws -> (ProcessOutcome, MappedModels) {
    let text = try String(contentsOf: url, encoding: .utf8)
    let models = try await runInBackground { try mapModels(text) }
    let files = ModelEmitter(moduleName: "GeneratedModels", shardSize: shardSize).files(for: models.types)
    return (try await typecheckModels(files), models)
}

/// A document of the corpus's `ci` tier (the copy in Tests/OpenAPIFixtures/corpus).
func corpusDocument(_ name: String) -> URL? {
    let url = packageRoot.appendingPathComponent("Tests/OpenAPIFixtures/corpus/\(name)")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}
