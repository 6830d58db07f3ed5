import Foundation

/// The built `courier` executable, run as a subprocess the way a user or a script runs it.
struct CourierProcess {
    /// What a run printed and how it ended.
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

    /// Runs `courier` with `arguments`; blocking waits happen on a Dispatch thread, never on the
    /// cooperative pool that the in-process test server answers on.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try runBlocking(arguments, environment: environment) })
            }
        }
    }

    private static func runBlocking(_ arguments: [String], environment: [String: String]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.get(), as: UTF8.self)
        )
    }
}

/// A value written on one thread and read on another.
final class Locked<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: every access goes through `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    func get() -> Value {
        lock.withLock { value }
    }
}
