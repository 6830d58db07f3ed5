import Courier
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives the browser's redirect at the end of a sign-in, for command-line tools and servers (RFC 8252 §7.3):
/// listens on `127.0.0.1` on a port the system picks, answers the one `GET` to its path with a short page, and
/// hands its URL to the sign-in.
///
/// A plain socket, no event loop: one connection at a time, each read with a 10 second limit, anything but a
/// `GET` to the path answered `404` and ignored. ``OAuthSession/signInWithLoopbackRedirect(path:open:)`` uses it.
public final class LoopbackRedirectListener: Sendable {
    /// `http://127.0.0.1:<port><path>`: the redirect URI to register (the port may vary, RFC 8252 §7.3).
    public let redirectURI: URL
    private let path: String
    private let socket: Int32
    private let closed = Locked(false)

    /// Starts listening on `127.0.0.1`.
    ///
    /// - Throws: `NetworkError.Kind.cannotConnect` when no socket could be opened.
    public init(path: String = "/callback") throws {
        let path = path.hasPrefix("/") ? path : "/" + path
        let descriptor = Self.makeSocket()
        guard descriptor >= 0 else { throw Self.failure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let error = Self.failure("bind")
            _ = systemClose(descriptor)
            throw error
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        self.path = path
        self.socket = descriptor
        self.redirectURI = URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    deinit {
        close()
    }

    /// Stops listening. A ``redirect()`` waiting then fails with `CancellationError`.
    public func close() {
        let wasClosed = closed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !wasClosed { _ = systemClose(socket) }
    }

    /// Waits for the browser's `GET` to the redirect path and returns its full URL; it answers the browser with a
    /// page saying the sign-in can go on in the app. Cancelling the task stops the wait.
    public func redirect() async throws -> URL {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                Thread.detachNewThread { [self] in
                    continuation.resume(with: Result { try self.waitForRedirect() })
                }
            }
        } onCancel: {
            close()
        }
    }

    /// Accepts connections until one is a `GET` to the path; polls so that ``close()`` ends the wait.
    private func waitForRedirect() throws -> URL {
        while true {
            if closed.withLock({ $0 }) { throw CancellationError() }
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let result = poll(&ready, 1, 200)
            if result < 0 && errno != EINTR { throw CancellationError() }
            guard result > 0 else { continue }
            if closed.withLock({ $0 }) { throw CancellationError() }
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            defer { _ = systemClose(connection) }
            guard let target = Self.readRequestTarget(connection) else { continue }
            let targetPath = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            guard targetPath == path, let url = URL(string: "http://127.0.0.1:\(redirectURI.port ?? 0)\(target)") else {
                Self.answer(connection, status: "404 Not Found", text: "Not found.")
                continue
            }
            Self.answer(connection, status: "200 OK", text: "Signed in. You can close this window and go back to the app.")
            return url
        }
    }

    /// The target of a `GET` request line (`/callback?code=…`), read within 10 seconds and 16 KiB; `nil` for
    /// anything else.
    private static func readRequestTarget(_ connection: Int32) -> String? {
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16 * 1024 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[..<count]
            if Self.endsHead(received) { break }
        }
        guard let lineEnd = received.firstIndex(of: 13) else { return nil }
        let parts = String(decoding: received[..<lineEnd], as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/") else { return nil }
        return String(parts[1])
    }

    /// Whether the bytes hold a blank line, the end of a request's head.
    private static func endsHead(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        return (0...(bytes.count - 4)).contains { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }

    private static func answer(_ connection: Int32, status: String, text: String) {
        let page = "<!doctype html><meta charset=utf-8><title>\(text)</title><p>\(text)</p>"
        let response = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(page.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + page
        let bytes = Array(response.utf8)
        // A browser that resets the connection must not kill an app with SIGPIPE.
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
        #else
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #endif
    }

    private static func makeSocket() -> Int32 {
        #if canImport(Glibc)
        systemSocket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        systemSocket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    private static func failure(_ call: String) -> NetworkError {
        NetworkError(.cannotConnect, message: "the loopback redirect listener could not start (\(call): \(String(cString: strerror(errno))))")
    }
}

// The class's `close()` and the socket function share a name; these reach the C functions.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemSocket(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 { socket(domain, type, proto) }
