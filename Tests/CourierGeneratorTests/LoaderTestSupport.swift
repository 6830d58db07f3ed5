import Foundation
import OpenAPIKit
@testable import CourierGenerator

/// Loads document text with a fresh collector; returns the document and every diagnostic.
func loadDocument(_ text: String, fileName: String = "test.yaml") throws -> (OpenAPI.Document, [Diagnostic]) {
    let diagnostics = DiagnosticCollector()
    let document = try DocumentLoader(diagnostics: diagnostics).load(text: text, fileName: fileName)
    return (document, diagnostics.diagnostics)
}

/// The loader's error for document text, or nil when it loads.
func loadFailure(_ text: String, fileName: String = "test.yaml") -> GenerationError? {
    do {
        _ = try loadDocument(text, fileName: fileName)
        return nil
    } catch {
        return error as? GenerationError
    }
}

/// A file under `Fixtures/loader/`.
func loaderFixture(_ relativePath: String) throws -> URL {
    guard let resources = Bundle.module.resourceURL else { throw CocoaError(.fileNoSuchFile) }
    return resources.appendingPathComponent("Fixtures/loader/\(relativePath)")
}
