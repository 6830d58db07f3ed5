import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension MisbehavingServer {
    /// A port on 127.0.0.1 held for a server that starts later: a socket bound to it that does not listen.
    ///
    /// Until the server starts, a connection to the port is refused (a SYN to a port nobody listens on is answered
    /// with a reset: `ECONNREFUSED`), and no other server can be given the port, as one could be once a server that
    /// had it stopped: suites run in parallel, and each asks the system for a free port.
    package struct ReservedPort: Sendable {
        /// The port held.
        package let port: Int
        /// The bound socket; ``MisbehavingServer/start(on:group:)`` makes it the server's.
        let descriptor: CInt

        /// Gives the port up without starting a server on it. Not to be called once a server was started on it:
        /// the socket is then the server's.
        package func release() {
            _ = closeDescriptor(descriptor)
        }
    }

    /// Holds a free port on 127.0.0.1 for ``start(on:group:)``.
    package static func reservePort() throws -> ReservedPort {
        let (port, descriptor) = try bindLoopbackSocket()
        return ReservedPort(port: port, descriptor: descriptor)
    }

    /// Starts a server on `reserved`'s port: the reserved socket starts listening, and ``stop()`` closes it. A
    /// server that comes up late, for clients that were refused until now.
    package static func start(
        on reserved: ReservedPort,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> MisbehavingServer {
        let events = ServerEvents()
        let channel = try await bootstrap(group: group, events: events).withBoundSocket(reserved.descriptor).get()
        return MisbehavingServer(port: reserved.port, channel: channel, events: events)
    }
}

/// A TCP socket bound to 127.0.0.1 on a port the system picks, not listening; its port and descriptor.
private func bindLoopbackSocket() throws -> (port: Int, descriptor: CInt) {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
        }
    }
    guard bound else {
        let error = IOError(errnoCode: errno, reason: "bind")
        _ = closeDescriptor(descriptor)
        throw error
    }
    return (Int(UInt16(bigEndian: address.sin_port)), descriptor)
}

// The C function, under a name no method of the types around can shadow.
private func closeDescriptor(_ descriptor: CInt) -> CInt {
    close(descriptor)
}
