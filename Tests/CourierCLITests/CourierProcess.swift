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
/// `@unchecked`: `Process` is not marked `Sendable`; it is only asked whether it runs, for its id and to
/// wait, which Foundation allows from any thread, and the collected output sits behind `Recorded`'s lock.
final class RunningCourier: @unchecked Sendable {
    let process: Process
    private let output = Recorded<Data>()
    private let errors = Recorded<Data>()
    private let done = DispatchGroup()

    init(_ arguments: [String], environment: [String: String] = [:], input: CourierProcess.Input = .nullDevice, in directory: URL? = nil) throws {
        process = Process()
        process.executableURL = CourierProcess.executable
        process.currentDirectoryURL = directory
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        var inputPipe: Pipe?
        switch input {
        case .nullDevice: process.standardInput = FileHandle.nullDevice
        case .file(let url): process.standardInput = try FileHandle(forReadingFrom: url)
        case .pipe:
            inputPipe = Pipe()
            process.standardInput = inputPipe
        }
        try process.run()
        if case .pipe(let data) = input, let inputPipe {
            onOwnThread {
                try? inputPipe.fileHandleForWriting.write(contentsOf: data)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        for (pipe, recorded) in [(outputPipe, output), (errorPipe, errors)] {
            done.enter()
            onOwnThread { [done] in
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
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
