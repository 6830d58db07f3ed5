import ArgumentParser
import CourierGenerator
import Foundation

/// `courier generate`: an OpenAPI 3.0/3.1 document in, the Swift package of a typed Courier client out.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a Swift package with a typed Courier client from an OpenAPI 3.0 or 3.1 document.",
        discussion: """
        The output directory becomes a Swift package:

        Package.swift
            depends on Courier (--courier-path, or --courier-url and --courier-from)
        Sources/<Name>/API.swift
            API.<group> per tag, servers, security helpers, <Name>Coders
        Sources/<Name>/Models/Models+NNN.swift
            one type per schema, --shard-size types per file
        Sources/<Name>/Operations/<Group>.swift
            one function per operation, API.<group>.<operation>(…), returning a
            Courier Endpoint; documented error responses are a typed error
        Sources/<Name>Testing/<Name>Examples.swift
            the document's examples as stubs: stubbing<Name>Examples()
        Tests/<Name>Tests/
            one offline test per example
        .courier-generate.json
            the files written; the next run removes those it no longer writes

        Small files let SwiftPM compile in parallel and in bounded memory.
        Repairs of spec bugs are printed as warnings with file:line:column and
        the JSON path; nothing is dropped silently.

        Exit codes: 0 generated, 1 generation failed (or a warning with
        --warnings-as-errors), 64 bad arguments, 65 the input is refused
        (Swagger 2.0).
        """
    )

    @Argument(help: "The OpenAPI document (YAML or JSON): its root file, or a directory holding openapi.yaml.")
    var spec: String

    @Option(name: .shortAndLong, help: "The directory of the generated package (created if needed).")
    var output: String

    @Option(help: "The module name (default: the document's title in UpperCamelCase).")
    var name: String?

    @Option(help: "Keep only operations with this tag (repeatable).")
    var tag: [String] = []

    @Option(help: "Keep only the operation with this operationId (repeatable).")
    var operation: [String] = []

    @Option(help: "Keep only operations under this path prefix (repeatable).")
    var path: [String] = []

    @Option(help: "Depend on the Courier package at this directory.")
    var courierPath: String?

    @Option(help: "Depend on the Courier package at this Git URL (with --courier-from).")
    var courierURL: String?

    @Option(help: "The minimum Courier version for --courier-url.")
    var courierFrom: String?

    @Option(help: "Operations per operations file and types per model file.")
    var shardSize: Int = 40

    @Flag(help: "Do not generate the testing module and the example-based tests.")
    var noTests = false

    @Flag(help: "Fail (exit 1, nothing written) when there is any warning.")
    var warningsAsErrors = false

    @Flag(help: "Print only errors.")
    var quiet = false

    func validate() throws {
        if courierPath != nil && (courierURL != nil || courierFrom != nil) {
            throw ValidationError("use either --courier-path or --courier-url with --courier-from, not both")
        }
        if (courierURL == nil) != (courierFrom == nil) {
            throw ValidationError("--courier-url and --courier-from go together")
        }
        if shardSize < 1 {
            throw ValidationError("--shard-size must be at least 1")
        }
    }

    func run() throws {
        let outputURL = URL(fileURLWithPath: output).standardizedFileURL
        var options = GeneratorOptions(
            moduleName: name, tags: tag, operationIDs: operation, pathPrefixes: path, shardSize: shardSize,
            includeTests: !noTests)
        if let courierPath {
            options.courier = .path(Self.relativePath(from: outputURL, to: URL(fileURLWithPath: courierPath)))
        } else if let courierURL, let courierFrom {
            options.courier = .url(courierURL, from: courierFrom)
        }
        let result: GenerationResult
        do {
            result = try Generator(options: options).generate(specURL: URL(fileURLWithPath: spec))
        } catch let error as GenerationError {
            printDiagnostics(error.diagnostics)
            throw ExitCode(error.kind == .refused ? 65 : 1)
        }
        printDiagnostics(result.diagnostics)
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        if warningsAsErrors && warnings > 0 {
            Self.printError("error: \(Self.count(warnings, "warning")) treated as errors (--warnings-as-errors); nothing written")
            throw ExitCode(1)
        }
        do {
            try result.write(to: outputURL)
        } catch {
            Self.printError("error: cannot write \(outputURL.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        if !quiet { print(Self.summary(result, warnings: warnings)) }
    }

    private func printDiagnostics(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
            Self.printError(diagnostic.description)
        }
    }

    /// `Generated PetShop: 11 types, 5 operations in 1 group, 6 files, 1,234 lines (0.21 s); 3 warnings`.
    static func summary(_ result: GenerationResult, warnings: Int) -> String {
        let stats = result.stats
        let seconds = Double(stats.duration.components.seconds)
            + Double(stats.duration.components.attoseconds) / 1e18
        return "Generated \(result.moduleName): \(count(stats.types, "type")), \(count(stats.operations, "operation"))"
            + " in \(count(stats.groups, "group")), \(count(result.files.count, "file")), \(count(stats.lines, "line"))"
            + " (\(String(format: "%.2f", seconds)) s); \(count(warnings, "warning"))"
    }

    /// `1 group`, `2 groups`, `1,234 lines`.
    static func count(_ value: Int, _ noun: String) -> String {
        var digits = String(value)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " " + noun + (value == 1 ? "" : "s")
    }

    /// `target` as a path relative to `base` (both directories), for a `Package.swift` that moves with its tree.
    static func relativePath(from base: URL, to target: URL) -> String {
        let from = base.standardizedFileURL.pathComponents
        let to = target.standardizedFileURL.pathComponents
        var common = 0
        while common < from.count && common < to.count && from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
