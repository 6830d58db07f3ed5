import Foundation

/// The TCP connections this machine has open, read from `/proc/net/tcp` (IPv4): how tests see a socket
/// that a client left open after a cancelled or failed exchange.
package enum OpenSockets {
    /// How many connections are established from a client socket to `port` on 127.0.0.1: the client
    /// side of every connection to a local server, whoever in this process opened it.
    package static func clientConnections(toPort port: Int) -> Int {
        guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return 0 }
        let remote = String(format: "0100007F:%04X", port)
        return table.split(separator: "\n").dropFirst().filter { line in
            let columns = line.split(separator: " ")
            // sl local_address rem_address st …; 01 is ESTABLISHED, 08 CLOSE_WAIT (the peer closed, we have not).
            return columns.count > 3 && columns[2] == remote && (columns[3] == "01" || columns[3] == "08")
        }.count
    }

    /// Waits up to `timeout` for the client connections to `port` to drop to at most `expected`; returns
    /// how many are left.
    package static func waitForClientConnections(toPort port: Int, atMost expected: Int = 0, timeout: Duration = .seconds(2)) async -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var count = clientConnections(toPort: port)
        while count > expected, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            count = clientConnections(toPort: port)
        }
        return count
    }
}
