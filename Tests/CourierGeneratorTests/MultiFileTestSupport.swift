import Foundation
@testable import CourierGenerator

/// The root file of a multi-file fixture under Tests/OpenAPIFixtures/multifile/.
func multiFileFixture(_ name: String) -> URL {
    packageRoot.appendingPathComponent("Tests/OpenAPIFixtures/multifile/\(name)/openapi.yaml")
}

/// A throwaway tree of files (relative path → text) in a fresh temporary directory; returns the directory.
/// The caller removes it.
func writeFileTree(_ files: [String: String]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("courier-multifile-\(UUID().uuidString)", isDirectory: true)
    for (path, text) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return directory
}

/// The loader's error for the document at `url`, or nil when it loads.
func loadFailure(at url: URL) -> GenerationError? {
    do {
        _ = try DocumentLoader(diagnostics: DiagnosticCollector()).load(url: url)
        return nil
    } catch {
        return error as? GenerationError
    }
}

/// The text of a file of a multi-file fixture.
func fixtureText(_ fixture: String, _ path: String) throws -> String {
    try String(contentsOf: multiFileFixture(fixture).deletingLastPathComponent().appendingPathComponent(path), encoding: .utf8)
}
