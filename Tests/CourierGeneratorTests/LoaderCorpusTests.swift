import CourierTestSupport
import Foundation
import OpenAPIKit
import Testing
@testable import CourierGenerator

/// Every `ci`-tier document of the shared corpus loads (the Swagger 2.0 one is refused). The `stress` tier (Stripe,
/// OpenAI, Box, Discord, PagerDuty REST: 1–4 MB, tens of seconds each in a debug build) is run by the corpus script.
@Suite(.serialized) struct LoaderCorpusTests {
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

    /// What one load gave, computed on a background thread (a document of 400 KB takes seconds in a debug build).
    private struct Loaded: Sendable {
        var refused: Bool
        var hasOperationsOrWebhooks: Bool
        var diagnostics: [Diagnostic]
    }

    @Test(arguments: ciDocuments)
    func loads(_ name: String) async throws {
        let url = Self.directory.appendingPathComponent(name)
        let loaded = try await runInBackground {
            let diagnostics = DiagnosticCollector()
            do {
                let document = try DocumentLoader(diagnostics: diagnostics).load(url: url)
                return Loaded(
                    refused: false, hasOperationsOrWebhooks: !document.paths.isEmpty || !document.webhooks.isEmpty,
                    diagnostics: diagnostics.diagnostics)
            } catch let error as GenerationError where error.kind == .refused {
                return Loaded(refused: true, hasOperationsOrWebhooks: false, diagnostics: diagnostics.diagnostics)
            }
        }
        if name == "oai-swagger2-petstore.yaml" {
            #expect(loaded.refused)
            #expect(loaded.diagnostics.map(\.code) == ["swagger2"])
            return
        }
        #expect(!loaded.refused)
        #expect(loaded.hasOperationsOrWebhooks)
        #expect(!loaded.diagnostics.contains { $0.severity == .error })
        // Every diagnostic has a position.
        #expect(loaded.diagnostics.allSatisfy { $0.line != nil })
    }
}
