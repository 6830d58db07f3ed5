import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its standard output and error on pipes.
///
/// NOTE: the tests do not use Foundation's `Process`: on Linux with Swift 6.3.1, `Process.run()` copies a whole
/// `dirent` while it lists `/proc/self/fd`, reads past glibc's buffer, and now and then crashes the test run with a
/// bad pointer dereference (swiftlang/swift-corelibs-foundation#5472, seen in CI here). Every pipe is made
/// close-on-exec, so a child inherits only its own three descriptors and a pipe's end is seen when its child ends.
///
/// `@unchecked Sendable`: the descriptors and the pid never change after `init`; the exit status is written once,
/// by the waiting thread, under `lock`, and read under it.
public final class ChildProcess: @unchecked Sendable {
    /// What the child reads on standard input.
    public enum Input: Sendable {
        /// `/dev/null`.
        case nullDevice
        /// A pipe: write to ``standardInput`` and close it.
        case pipe
        /// A file, opened for reading.
        case file(String)
    }

    /// A spawn that failed, with the `errno` it gave.
    public struct SpawnFailure: Error, CustomStringConvertible {
        public var executable: String
        public var code: Int32
        public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    public let processIdentifier: pid_t
    /// The read end of the child's standard output.
    public let standardOutput: FileHandle
    /// The read end of the child's standard error.
    public let standardError: FileHandle
    /// The write end of the child's standard input, for ``Input/pipe``.
    public let standardInput: FileHandle?

    private let lock = NSCondition()
    private var status: Int32?

    /// Starts `executable` with `arguments`, `environment` (the whole environment, not merged), in `directory`.
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        directory: String? = nil,
        input: Input = .nullDevice
    ) throws {
        // One spawn at a time: a pipe is made close-on-exec just after it is made, and a child spawned by another
        // thread in between would inherit it.
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        let output = try Self.pipe()
        let errors = try Self.pipe()
        var inputPipe: (read: Int32, write: Int32)?
        if case .pipe = input { inputPipe = try Self.pipe() }

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch input {
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .pipe: posix_spawn_file_actions_adddup2(&actions, inputPipe!.read, 0)
        }
        // dup2 onto 1 and 2 clears close-on-exec on the copies only.
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        if let directory {
            guard let addChangeDirectory = Self.addChangeDirectory else {
                throw SpawnFailure(executable: executable, code: ENOSYS)
            }
            _ = addChangeDirectory(&actions, directory)
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(output.write)
        close(errors.write)
        if let inputPipe { close(inputPipe.read) }
        guard code == 0 else {
            close(output.read)
            close(errors.read)
            if let inputPipe { close(inputPipe.write) }
            throw SpawnFailure(executable: executable, code: code)
        }
        processIdentifier = pid
        standardOutput = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
        standardError = FileHandle(fileDescriptor: errors.read, closeOnDealloc: true)
        standardInput = inputPipe.map { FileHandle(fileDescriptor: $0.write, closeOnDealloc: true) }
        onOwnThread { [self] in reap() }
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return status == nil
    }

    /// Blocks until the child ends.
    public func waitUntilExit() {
        lock.lock()
        while status == nil { lock.wait() }
        lock.unlock()
    }

    /// The exit status, or the signal that ended the child (as Foundation's `Process` reports it); call after
    /// ``waitUntilExit()``.
    public var terminationStatus: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return status ?? -1
    }

    /// Sends `SIGTERM`.
    public func terminate() {
        guard isRunning else { return }
        kill(processIdentifier, SIGTERM)
    }

    /// Sends `SIGINT`.
    public func interrupt() {
        guard isRunning else { return }
        kill(processIdentifier, SIGINT)
    }

    private func reap() {
        var raw: Int32 = 0
        while waitpid(processIdentifier, &raw, 0) == -1, errno == EINTR {}
        // The low 7 bits are the signal that ended the child, or 0 for an exit whose code is in the next byte.
        let signalNumber = raw & 0x7f
        let ended = signalNumber == 0 ? (raw >> 8) & 0xff : signalNumber
        lock.lock()
        status = ended
        lock.broadcast()
        lock.unlock()
    }

    private static let spawning = NSLock()

    #if canImport(Glibc)
    private typealias AddChangeDirectory = @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32
    #else
    private typealias AddChangeDirectory = @convention(c) (
        UnsafeMutablePointer<posix_spawn_file_actions_t?>, UnsafePointer<CChar>
    ) -> Int32
    #endif

    /// glibc's and Darwin's `posix_spawn_file_actions_addchdir_np`, which Swift's C module does not declare.
    private static let addChangeDirectory: AddChangeDirectory? = {
        #if canImport(Glibc)
        let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #else
        let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everyImage, "posix_spawn_file_actions_addchdir_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: AddChangeDirectory.self)
    }()

    private static func pipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        #if canImport(Glibc)
        guard Glibc.pipe(&descriptors) == 0 else { throw SpawnFailure(executable: "pipe", code: errno) }
        #else
        guard Darwin.pipe(&descriptors) == 0 else { throw SpawnFailure(executable: "pipe", code: errno) }
        #endif
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }
}
