import CourierTestSupport
import Foundation
import Testing
@testable import CourierGenerator

/// Each multi-file fixture generates with no error and no warning, and its library type-checks against the built
/// Courier module (Swift 6, warnings as errors). Needs `swift build --build-tests` first.
@Suite(.serialized) struct MultiFileCompileTests {
    @Test(arguments: ["path-item-files", "redocly-split", "markdown-descriptions", "properties-maps"])
    func fixtureGeneratesAndCompiles(fixture: String) async throws {
        let url = multiFileFixture(fixture)
        let result = try await runInBackground {
            try Generator(options: .init(moduleName: "GeneratedModels", includeTests: false)).generate(specURL: url)
        }
        #expect(result.diagnostics.filter { $0.severity != .note } == [])
        #expect(result.stats.operations > 0)
        let library = result.files.filter { $0.path.hasPrefix("Sources/GeneratedModels/") }
        let outcome = try await typecheckModels(library)
        #expect(outcome.errorText == "" && outcome.status == 0)
    }
}
