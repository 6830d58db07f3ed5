import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

/// Every `ci`-tier document of the shared corpus loads (the Swagger 2.0 one is refused). The `stress` tier (Stripe,
/// OpenAI, Box, Discord, PagerDuty REST: 1–4 MB, tens of seconds each in a debug build) is run by the corpus script.
@Suite struct LoaderCorpusTests {
    /// `$OPENAPI_SPECS`, else the copy of the corpus's `ci` tier committed in Tests/OpenAPIFixtures/corpus.
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["OPENAPI_SPECS"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("OpenAPIFixtures/corpus")
    }()

    /// The `ci` rows of `manifest.tsv` (file name, tier, …).
    static let ciDocuments: [String] = {
        guard let manifest = try? String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        else { return [] }
        // NOTE: the manifest has CRLF line ends; "\r\n" is one Character, so split on either.
        return manifest.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return columns.count > 1 && columns[1] == "ci" ? String(columns[0]) : nil
        }.sorted()
    }()

    @Test func theCorpusIsPresent() {
        #expect(Self.ciDocuments.count >= 19, "no corpus at \(Self.directory.path) (set OPENAPI_SPECS)")
    }

    @Test(arguments: ciDocuments)
    func loads(_ name: String) throws {
        let url = Self.directory.appendingPathComponent(name)
        let diagnostics = DiagnosticCollector()
        if name == "oai-swagger2-petstore.yaml" {
            #expect(throws: GenerationError.self) { try DocumentLoader(diagnostics: diagnostics).load(url: url) }
            #expect(diagnostics.diagnostics.map(\.code) == ["swagger2"])
            return
        }
        let document = try DocumentLoader(diagnostics: diagnostics).load(url: url)
        #expect(!document.paths.isEmpty || !document.webhooks.isEmpty)
        #expect(!diagnostics.hasErrors)
        // Every diagnostic has a position.
        #expect(diagnostics.diagnostics.allSatisfy { $0.line != nil })
    }
}
