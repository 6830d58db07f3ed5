import Dispatch
import Foundation

/// Runs `command` with `/bin/sh -c` and returns what it wrote to standard output; fails when it exits
/// with a status other than 0.
///
/// The blocking reads happen on a Dispatch thread: the local test server answers on the cooperative
/// pool, and on a two-core machine two tests blocking that pool while waiting for `curl` would leave
/// nobody to answer it.
func runShell(_ command: String) async throws -> Data {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try runShellBlocking(command) })
        }
    }
}

private func runShellBlocking(_ command: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read before waiting: a full pipe would otherwise block the child forever.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ShellFailure(command: command, status: process.terminationStatus, standardError: String(decoding: message, as: UTF8.self))
    }
    return data
}

struct ShellFailure: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var standardError: String

    var description: String { "`\(command)` exited with \(status): \(standardError)" }
}
