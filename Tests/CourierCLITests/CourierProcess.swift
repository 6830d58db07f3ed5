import CourierTestSupport
import Foundation

/// The built `courier` executable, run as a subprocess the way a user or a script runs it.
enum CourierProcess {
    /// What a run printed and how it ended.
    struct Outcome: Sendable {
        var status: Int32
        /// Standard output's exact bytes.
        var output: Data
        var standardError: String
        /// Standard output as text.
        var standardOutput: String { String(decoding: output, as: UTF8.self) }
    }

    /// What the child reads on standard input.
    enum Input: Sendable {
        /// `/dev/null`, as cron, CI and `Process` give a child by default.
        case nullDevice
        /// A pipe carrying these bytes, closed after them.
        case pipe(Data)
        /// A regular file.
        case file(URL)
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
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        input: Input = .nullDevice,
        in directory: URL? = nil
    ) async throws -> Outcome {
        let running = try RunningCourier(arguments, environment: environment, input: input, in: directory)
        return await running.finished()
    }
}

/// A `courier` process while it runs: its standard output is collected as it arrives, so a test can wait
/// for bytes and look at the process (its memory) before it ends.
///
/// `@unchecked`: the process handle is `Sendable`, the collected output sits behind `Recorded`'s lock, and
/// `done` is a `DispatchGroup`, which is thread-safe.
final class RunningCourier: @unchecked Sendable {
    let process: ChildProcess
    private let output = Recorded<Data>()
    private let errors = Recorded<Data>()
    private let done = DispatchGroup()

    init(_ arguments: [String], environment: [String: String] = [:], input: CourierProcess.Input = .nullDevice, in directory: URL? = nil) throws {
        let childInput: ChildProcess.Input
        switch input {
        case .nullDevice: childInput = .nullDevice
        case .file(let url): childInput = .file(url.path)
        case .pipe: childInput = .pipe
        }
        process = try ChildProcess(
            CourierProcess.executable.path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            directory: directory?.path, input: childInput)
        if case .pipe(let data) = input, let writer = process.standardInput {
            onOwnThread {
                try? writer.write(contentsOf: data)
                try? writer.close()
            }
        }
        for (handle, recorded) in [(process.standardOutput, output), (process.standardError, errors)] {
            done.enter()
            onOwnThread { [done] in
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    recorded.append(chunk)
                }
                done.leave()
            }
        }
    }

    /// How many bytes of standard output have arrived.
    var outputCount: Int {
        output.all.reduce(0) { $0 + $1.count }
    }

    /// Standard output so far, as text.
    var outputSoFar: String {
        String(decoding: output.all.reduce(into: Data()) { $0.append($1) }, as: UTF8.self)
    }

    /// Standard error so far, as text.
    var standardErrorSoFar: String {
        String(decoding: errors.all.reduce(into: Data()) { $0.append($1) }, as: UTF8.self)
    }

    /// Returns once at least `count` bytes of standard output have arrived, or the process has ended.
    func waitForOutput(_ count: Int) async throws {
        while outputCount < count, process.isRunning {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The process's peak resident memory so far (`VmHWM`), in KiB; `nil` once it has ended.
    var peakMemoryKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// Waits for the process to end and returns what it printed.
    func finished() async -> CourierProcess.Outcome {
        await withCheckedContinuation { continuation in
            onOwnThread { [self] in
                done.wait()
                process.waitUntilExit()
                continuation.resume(returning: CourierProcess.Outcome(
                    status: process.terminationStatus,
                    output: output.all.reduce(into: Data()) { $0.append($1) },
                    standardError: String(decoding: errors.all.reduce(into: Data()) { $0.append($1) }, as: UTF8.self)
                ))
            }
        }
    }
}
