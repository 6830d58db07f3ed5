import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One TCP connection attempt for ``TCPConnectivityProbe``, with plain sockets: the core has no event loop,
/// and a probe every second or more needs none.
enum TCPConnection {
    /// Whether a TCP connection to `target` opens within `timeout`: the name is resolved, and each address
    /// tried in turn. Runs on a thread of its own, so no task of the caller's is blocked.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; the attempt's thread then stops waiting for
    ///   the connection and closes its socket at once (only a name lookup in progress runs to its end).
    static func opens(to target: ConnectivityTarget, timeout: Duration) async throws -> Bool {
        let state = Locked(AttemptState.starting)
        let wake = WakePipe()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if case .cancelled = state { return true }
                    state = .waiting(continuation)
                    return false
                }
                if cancelled {
                    wake?.release()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                // NOTE: a thread of its own, not Dispatch's pool: the connect blocks for up to `timeout`, and on a
                // busy process (the integration suite) the pool's few threads can be taken for far longer.
                let thread = Thread {
                    let opened = TCPConnection.opensNow(to: target, timeout: timeout, wake: wake?.readEnd)
                    wake?.release()
                    state.withLock { $0.finish() }?.resume(returning: opened)
                }
                thread.name = "courier.connectivity-probe"
                thread.start()
            }
        } onCancel: {
            wake?.wake()
            state.withLock { state -> CheckedContinuation<Bool, any Error>? in
                guard case .waiting = state else {
                    state = .cancelled
                    return nil
                }
                return state.finish()
            }?.resume(throwing: CancellationError())
        }
    }

    /// Where one attempt stands; the continuation is resumed once, by whichever of the attempt and the
    /// cancellation comes first.
    private enum AttemptState {
        case starting
        case waiting(CheckedContinuation<Bool, any Error>)
        case cancelled
        case finished

        /// The continuation to resume, if nobody has yet; afterwards the state is finished.
        mutating func finish() -> CheckedContinuation<Bool, any Error>? {
            guard case .waiting(let continuation) = self else { return nil }
            self = .finished
            return continuation
        }
    }

    /// The blocking attempt: `getaddrinfo`, then a non-blocking `connect` per address, waited for with `poll`.
    private static func opensNow(to target: ConnectivityTarget, timeout: Duration, wake: Int32?) -> Bool {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var addresses: UnsafeMutablePointer<addrinfo>?
        // NOTE: a name that does not resolve is the DNS failure the retry waits out: it counts as no answer.
        guard getaddrinfo(target.host, String(target.port), &hints, &addresses) == 0, let first = addresses else { return false }
        defer { freeaddrinfo(first) }
        // Capped at a day, so that the conversion cannot overflow.
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: min(seconds, 86_400) * 1000 + attoseconds / 1_000_000_000_000_000)
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            if connects(address.pointee, timeoutMilliseconds: max(milliseconds, 1), wake: wake) { return true }
            if let wake, isReadable(wake) { return false }
            next = address.pointee.ai_next
        }
        return false
    }

    /// Whether a connection to one resolved address opens within the timeout.
    private static func connects(_ address: addrinfo, timeoutMilliseconds: Int32, wake: Int32?) -> Bool {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else { return false }
        if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        // The wake pipe too (a descriptor of -1 is ignored by poll): a cancellation ends the wait at once.
        var ready = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0), pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0)]
        var result = poll(&ready, 2, timeoutMilliseconds)
        while result < 0 && errno == EINTR {
            result = poll(&ready, 2, timeoutMilliseconds)
        }
        guard result > 0, ready[1].revents == 0, ready[0].revents != 0 else { return false }
        // Writable means the handshake ended, either way: SO_ERROR says which.
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return false }
        return failure == 0
    }
}

extension TCPConnection {
    /// Whether `descriptor` has something to read now.
    fileprivate static func isReadable(_ descriptor: Int32) -> Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0
    }
}

/// A pipe a cancellation writes to and a probe's `poll` watches, so that a cancelled probe stops at once instead of
/// keeping its thread and socket until its connect timeout.
private final class WakePipe: Sendable {
    /// The read and write ends, until the attempt's thread releases them; writes and the release take the lock,
    /// so a wake never writes to a descriptor already closed (and perhaps reused).
    private let ends: Locked<(read: Int32, write: Int32)?>
    /// The read end, for the attempt's thread, which alone releases it.
    let readEnd: Int32

    /// `nil` when the process has no descriptor left for a pipe: the probe then only ends at its timeout.
    init?() {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        ends = Locked((descriptors[0], descriptors[1]))
        readEnd = descriptors[0]
    }

    /// Makes the read end readable.
    func wake() {
        ends.withLock { ends in
            guard let ends else { return }
            var byte: UInt8 = 1
            _ = write(ends.write, &byte, 1)
        }
    }

    /// Closes both ends; later wakes do nothing.
    func release() {
        ends.withLock { ends in
            guard let open = ends else { return }
            _ = close(open.read)
            _ = close(open.write)
            ends = nil
        }
    }
}
