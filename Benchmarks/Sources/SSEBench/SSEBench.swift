import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import Foundation
import NIOCore

/// The Server-Sent Events benchmark's client (issue #24): `SSEBench events URL` reads a `text/event-stream` through
/// `client.events(_:)` on AsyncHTTPClientTransport; `SSEBench raw URL` reads the same bytes with AsyncHTTPClient
/// alone, touching each byte (it counts the line feeds), as the like-for-like floor; `SSEBench body URL` reads them
/// through Courier's `ResponseBody` unparsed (the transport's share). One process per run, so each
/// peak resident size is its own; `Benchmarks/load/sse.sh` starts nginx, alternates the two and prints the table.
/// Prints one line: `mode seconds events bytes peakKiB`.
@main
struct SSEBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, ["events", "body", "raw"].contains(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: SSEBench events|body|raw URL\n".utf8))
            exit(64)
        }
        try await run(mode: arguments[1], url: arguments[2])
    }

    /// NOTE: nonisolated, so the loops run on the global executor: from `main`, which is on the main actor, every
    /// call to an iterator's `next()` would hop off the main actor and back (twice per event, not per chunk).
    nonisolated static func run(mode: String, url: String) async throws {
        let start = ContinuousClock.now
        var events = 0
        var bytes = 0
        if mode == "events" {
            let transport = AsyncHTTPClientTransport()
            let client = Client(transport: transport)
            // One pass over the file: no reconnection at its end.
            let configuration = ServerSentEventStream.Configuration(maxReconnections: 0)
            do {
                for try await event in client.events(try ClientRequest(.get, url: url), configuration: configuration) {
                    events += 1
                    bytes += event.data.utf8.count
                }
            } catch let error as NetworkError where error.kind == .connectionClosed {
                // The end of the file: what maxReconnections 0 reports.
            }
            try await transport.shutdown()
        } else if mode == "body" {
            // The same transport's body, unparsed: what the parser and the event values add is the difference.
            let transport = AsyncHTTPClientTransport()
            let response = try await Client(transport: transport).send(try ClientRequest(.get, url: url))
            for try await chunk in response.body {
                bytes += chunk.count
                events += chunk.withUnsafeBytes { raw in raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
            }
            try await transport.shutdown()
        } else {
            let http = HTTPClient(eventLoopGroupProvider: .singleton)
            let response = try await http.execute(HTTPClientRequest(url: url), timeout: .seconds(3600))
            for try await buffer in response.body {
                bytes += buffer.readableBytes
                events += buffer.withUnsafeReadableBytes { raw in raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
            }
            try await http.shutdown()
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(mode, String(format: "%.3f", seconds), events, bytes, peakResidentKiB())
    }

    /// `VmHWM`, the process's peak resident size, in KiB.
    static func peakResidentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    }
}
