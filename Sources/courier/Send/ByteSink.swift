import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Somewhere `courier send` writes bytes: standard output, standard error, a file — or, in tests, memory.
protocol ByteSink: AnyObject {
    func write(_ bytes: Data) throws
}

extension ByteSink {
    func write(_ text: String) throws {
        try write(Data(text.utf8))
    }
}

/// A file descriptor written with `write(2)`, unbuffered: every byte of a chunk is out before the next
/// chunk is read, so a streamed body reaches a pipe as it arrives and memory stays bounded. (Swift's
/// `print` buffers through stdio, and `FileHandle.write(_:)` traps on a failed write instead of throwing.)
final class FileDescriptorSink: ByteSink, Sendable {
    let descriptor: Int32
    /// What the descriptor is, for error messages.
    let name: String
    private let closesOnDeinit: Bool

    static let standardOutput = FileDescriptorSink(descriptor: STDOUT_FILENO, name: "standard output")
    static let standardError = FileDescriptorSink(descriptor: STDERR_FILENO, name: "standard error")

    init(descriptor: Int32, name: String, closesOnDeinit: Bool = false) {
        self.descriptor = descriptor
        self.name = name
        self.closesOnDeinit = closesOnDeinit
    }

    /// A new or truncated file at `path`, for `--output` and `--download`.
    static func creatingFile(at path: String) throws -> FileDescriptorSink {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw SendFailure.output("cannot create '\(path)': \(String(cString: strerror(errno))).")
        }
        return FileDescriptorSink(descriptor: descriptor, name: "'\(path)'", closesOnDeinit: true)
    }

    deinit {
        if closesOnDeinit { close(descriptor) }
    }

    func write(_ bytes: Data) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard var next = buffer.baseAddress else { return }
            var remaining = buffer.count
            // write(2) may take fewer bytes than offered (a pipe), or be interrupted by a signal.
            while remaining > 0 {
                let written = systemWrite(descriptor, next, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    // SIGPIPE is ignored in this process (SwiftNIO), so a closed pipe is an error to report.
                    if errno == EPIPE, descriptor == STDOUT_FILENO { throw SendFailure.outputClosed }
                    throw SendFailure.output("cannot write to \(name): \(String(cString: strerror(errno))).")
                }
                remaining -= written
                next += written
            }
        }
    }
}

/// `write(2)`, named apart from ``ByteSink/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
