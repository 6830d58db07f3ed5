import Foundation
import Testing

/// `--http2` and `--http1.1` against the nginx `scripts/h2-e2e.sh` started (HTTP/2 over TLS, a private CA).
@Suite(
    "courier send --http2 / --http1.1 against nginx over TLS",
    .timeLimit(.minutes(1)),
    .enabled(if: ProcessInfo.processInfo.environment["H2_URL"] != nil || ProcessInfo.processInfo.environment["CI"] != nil,
             "H2_URL is not set: source scripts/h2-e2e.sh")
)
struct SendHTTPVersionTests {
    private let environment = ProcessInfo.processInfo.environment

    /// The protocols nginx logged for the requests whose URI holds `token`.
    private func loggedProtocols(_ token: String) throws -> [String] {
        let log = try String(contentsOfFile: try #require(environment["H2_LOG"]), encoding: .utf8)
        return log.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count == 7 && $0[4].contains(token) }.map { $0[2] }
    }

    @Test("by default (and with --http2) HTTP/2 is spoken to a server that offers it; -v shows HTTP/2 and h2")
    func http2() async throws {
        let url = try #require(environment["H2_URL"], "H2_URL is not set")
        let ca = try #require(environment["H2_CA"])
        for flags in [[], ["--http2"]] {
            let token = UUID().uuidString
            let outcome = try await CourierProcess.run(["send", "-v", "--verify", ca] + flags + ["\(url)/item.json?t=\(token)"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardError.contains("HTTP/2 200 OK"))
            #expect(outcome.standardError.contains("(h2)"))
            #expect(outcome.standardOutput.contains("over HTTP/2"))
            #expect(try loggedProtocols(token) == ["HTTP/2.0"])
        }
    }

    @Test("--http1.1 speaks HTTP/1.1 to the same server; -v shows HTTP/1.1 and http/1.1")
    func http1() async throws {
        let url = try #require(environment["H2_URL"], "H2_URL is not set")
        let token = UUID().uuidString
        let outcome = try await CourierProcess.run(["send", "-v", "--verify", try #require(environment["H2_CA"]), "--http1.1", "\(url)/item.json?t=\(token)"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("HTTP/1.1 200 OK"))
        #expect(outcome.standardError.contains("(http/1.1)"))
        #expect(try loggedProtocols(token) == ["HTTP/1.1"])
    }

    @Test("--http2 and --http1.1 together are refused")
    func bothRefused() async throws {
        let outcome = try await CourierProcess.run(["send", "--http2", "--http1.1", "https://127.0.0.1:1/"])
        #expect(outcome.status != 0)
        #expect(outcome.standardError.contains("http2") && outcome.standardError.contains("http1.1"))
    }
}
