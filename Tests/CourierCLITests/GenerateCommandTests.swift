import Foundation
import Testing

/// `courier generate`, run as a subprocess (§6): the package it writes, the summary line, and the exit codes.
@Suite("courier generate, as a subprocess", .serialized, .timeLimit(.minutes(3)))
struct GenerateCommandTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Pet Shop, version: "1"}
        paths:
          /pets/{pet_id}:
            get:
              operationId: getPet
              tags: [pets]
              parameters:
                - {name: pet_id, in: path, required: true, schema: {type: integer}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {type: string}}}}
          /health:
            get:
              operationId: health
              responses:
                '204': {description: ok}
        """

    private func withDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    private func writeSpec(_ text: String, in directory: URL, name: String = "spec.yaml") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("writes the package and prints the summary line")
    func generates() async throws {
        try await withDirectory { directory in
            let spec = try writeSpec(Self.document, in: directory)
            let output = directory.appendingPathComponent("out")
            let outcome = try await CourierProcess.run([
                "generate", spec, "--output", output.path, "--courier-path", directory.appendingPathComponent("courier").path,
            ])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.hasPrefix("Generated PetShop: "))
            #expect(outcome.standardOutput.contains("2 operations in 2 groups"))
            let manifest = try String(contentsOf: output.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(manifest.contains(".package(name: \"Courier\", path: \"../courier\"),"))
            for file in ["Sources/PetShop/API.swift", "Sources/PetShop/Operations/Pets.swift",
                         "Sources/PetShop/Operations/General.swift", ".courier-generate.json"] {
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(file).path), "\(file)")
            }
        }
    }

    @Test("--help explains the layout of the package it writes")
    func helpExplainsTheLayout() async throws {
        let outcome = try await CourierProcess.run(["generate", "--help"])
        #expect(outcome.status == 0)
        for path in ["Package.swift", "Sources/<Name>/API.swift", "Sources/<Name>/Models/Models+NNN.swift",
                     "Sources/<Name>/Operations/<Group>.swift", "Sources/<Name>Testing/<Name>Examples.swift",
                     "Tests/<Name>Tests/", ".courier-generate.json"] {
            #expect(outcome.standardOutput.contains(path), "\(path)")
        }
    }

    @Test("--name, --tag and --quiet")
    func nameFilterQuiet() async throws {
        try await withDirectory { directory in
            let spec = try writeSpec(Self.document, in: directory)
            let output = directory.appendingPathComponent("out")
            let outcome = try await CourierProcess.run([
                "generate", spec, "-o", output.path, "--name", "Shop", "--tag", "pets", "--quiet", "--no-tests",
            ])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("Sources/Shop/Operations/Pets.swift").path))
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Sources/Shop/Operations/General.swift").path))
        }
    }

    @Test("conflicting dependency options are a usage error (64)")
    func usage() async throws {
        try await withDirectory { directory in
            let spec = try writeSpec(Self.document, in: directory)
            let outcome = try await CourierProcess.run([
                "generate", spec, "-o", directory.appendingPathComponent("out").path,
                "--courier-path", "x", "--courier-url", "https://example.com/c.git", "--courier-from", "1.0.0",
            ])
            #expect(outcome.status == 64)
            let missing = try await CourierProcess.run(["generate", spec])
            #expect(missing.status == 64)
        }
    }

    @Test("an unreadable document exits 1, Swagger 2.0 is refused with 65; nothing is written")
    func failures() async throws {
        try await withDirectory { directory in
            let output = directory.appendingPathComponent("out")
            let absent = try await CourierProcess.run(["generate", directory.appendingPathComponent("nope.yaml").path, "-o", output.path])
            #expect(absent.status == 1)
            #expect(absent.standardError.contains("error: "))
            let swagger = try writeSpec("swagger: \"2.0\"\ninfo: {title: Old, version: \"1\"}\npaths: {}\n", in: directory)
            let refused = try await CourierProcess.run(["generate", swagger, "-o", output.path])
            #expect(refused.status == 65, "\(refused.standardError)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test("--warnings-as-errors fails on a warning and writes nothing")
    func warningsAsErrors() async throws {
        try await withDirectory { directory in
            let spec = try writeSpec(Self.document, in: directory)
            let output = directory.appendingPathComponent("out")
            let outcome = try await CourierProcess.run([
                "generate", spec, "-o", output.path, "--tag", "nothing", "--warnings-as-errors",
            ])
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("[filter-empty]"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }
}
