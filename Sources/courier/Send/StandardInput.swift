import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What standard input is, which decides whether it is the request body: HTTPie sends it when it is
/// not a terminal and no data items are given.
enum StandardInput: Equatable {
    /// A person at a terminal: never read.
    case terminal
    /// Nothing to read: closed, or a device such as `/dev/null` (what cron, CI and `Process` hand a
    /// child): not a body, so that `courier send URL` stays a GET there.
    case nothing
    /// A pipe, a socket or a redirected file; `length` is known for a file.
    case data(length: Int64?)

    static func current() -> StandardInput {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return .nothing }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            // Read from where the descriptor stands: `(read line; courier send …) < file` sends the rest.
            let offset = lseek(STDIN_FILENO, 0, SEEK_CUR)
            return .data(length: offset >= 0 ? Int64(status.st_size) - Int64(offset) : nil)
        case S_IFIFO, S_IFSOCK:
            return .data(length: nil)
        default:
            return isatty(STDIN_FILENO) == 1 ? .terminal : .nothing
        }
    }

    /// Whether this input is sent as the body: only when it holds data, no data items build a body, and
    /// `--ignore-stdin` is not given (scripts whose standard input is a pipe they keep for themselves).
    func isBody(ignored: Bool, hasDataItems: Bool) -> Bool {
        guard case .data = self else { return false }
        return !ignored && !hasDataItems
    }
}

/// The bytes of a file descriptor as chunks, each read on a thread of its own when the previous one has
/// been taken: a slow upload slows the reading down (nothing piles up in memory), and a blocking
/// `read(2)` never holds one of the few threads of Swift's cooperative pool.
struct FileDescriptorChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let descriptor: Int32
    var chunkSize = 64 * 1024

    func makeAsyncIterator() -> Iterator {
        Iterator(descriptor: descriptor, chunkSize: chunkSize)
    }

    struct Iterator: AsyncIteratorProtocol {
        let descriptor: Int32
        let chunkSize: Int
        private var finished = false

        init(descriptor: Int32, chunkSize: Int) {
            self.descriptor = descriptor
            self.chunkSize = chunkSize
        }

        mutating func next() async throws -> Data? {
            guard !finished else { return nil }
            let (descriptor, chunkSize) = (descriptor, chunkSize)
            // A thread of its own: on Linux `DispatchQueue.global()` shares its threads with Swift's global
            // executor, and a `read(2)` waiting on a slow pipe would hold one of them.
            let result = await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: Self.read(descriptor, chunkSize)) }.start()
            }
            let chunk = try result.get()
            if chunk.isEmpty {
                finished = true
                return nil
            }
            return chunk
        }

        private static func read(_ descriptor: Int32, _ chunkSize: Int) -> Result<Data, SendFailure> {
            var buffer = Data(count: chunkSize)
            while true {
                let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, chunkSize) }
                if count >= 0 { return .success(buffer.prefix(count)) }
                if errno != EINTR {
                    return .failure(.usage("cannot read standard input: \(String(cString: strerror(errno)))."))
                }
            }
        }
    }
}

/// `read(2)`, named apart from the iterator's own `read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
