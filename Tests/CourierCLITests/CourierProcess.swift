import CourierTestSupport
import Foundation

/// The built `courier` executable, run as a subprocess the way a user or a script runs it.
enum CourierProcess {
    /// What a run printed and how it ended, as text.
    struct Outcome: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable beside the test bundle (both are products of the same build).
    static var executable: URL {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = products.appendingPathComponent("courier")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // `swift test` may run the bundle from inside its own directory.
        return products.deletingLastPathComponent().appendingPathComponent("courier")
    }

    /// Runs `courier` with `arguments`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        let outcome = try await runProcess(executable, arguments, environment: environment)
        return Outcome(status: outcome.status, standardOutput: outcome.outputText, standardError: outcome.errorText)
    }
}
