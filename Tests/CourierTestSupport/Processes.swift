import Dispatch
import Foundation

/// What a finished subprocess printed and how it ended.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var standardOutput: Data
    public var standardError: Data

    /// Standard output as UTF-8 text.
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// A shell command that exited with a status other than 0.
public struct ShellFailure: Error, CustomStringConvertible {
    public var command: String
    public var status: Int32
    public var standardError: String

    public var description: String { "`\(command)` exited with \(status): \(standardError)" }
}

/// Runs `executable` with `arguments` (and `environment` over the test's own) to its end.
///
/// The blocking reads and the wait happen on Dispatch threads: the local test server answers on the
/// cooperative pool, and on a two-core machine two tests blocking that pool while a child talks to the
/// server would leave nobody to answer it. Both pipes are read at once, so a child that fills one
/// while the other is being read never blocks.
public func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessOutcome {
    try await withCheckedThrowingContinuation { continuation in
        onOwnThread {
            continuation.resume(with: Result { try runProcessBlocking(executable, arguments, environment: environment) })
        }
    }
}

/// Runs `command` with `/bin/sh -c` and returns what it wrote to standard output.
///
/// - Throws: ``ShellFailure`` when it exits with a status other than 0.
public func runShell(_ command: String) async throws -> Data {
    let outcome = try await runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
    guard outcome.status == 0 else {
        throw ShellFailure(command: command, status: outcome.status, standardError: outcome.errorText)
    }
    return outcome.standardOutput
}

private func runProcessBlocking(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> ProcessOutcome {
    let process = try ChildProcess(
        executable.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
    let errorData = Recorded<Data>()
    let group = DispatchGroup()
    group.enter()
    onOwnThread {
        errorData.append(process.standardError.readDataToEndOfFile())
        group.leave()
    }
    let outputData = process.standardOutput.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessOutcome(status: process.terminationStatus, standardOutput: outputData, standardError: errorData.all.first ?? Data())
}

/// A directory of its own under the temporary directory, holding `data` as `name`.
public func temporaryFile(_ data: Data, name: String = "upload.bin") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// The outcome of `operation`, success or failure, for assertions on either.
public func outcomeOf<T>(_ operation: () async throws -> T) async -> Result<T, any Error> {
    do {
        return .success(try await operation())
    } catch {
        return .failure(error)
    }
}

/// Runs `work` on a thread of its own.
///
/// NOTE: for work that blocks (a pipe read, a process's exit): on Linux, Swift's global executor draws its
/// threads from the same Dispatch root queue as `DispatchQueue.global()`, so blocking a few of those starves
/// every task of the test run (seen: a 10 s timeout firing in an unrelated test while CLI tests read pipes).
public func onOwnThread(_ work: @escaping @Sendable () -> Void) {
    Thread { work() }.start()
}
