import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// `courier send` on a real terminal: util-linux `script` runs it on a pseudo-terminal (standard output
/// and standard error both), the way a person sees it.
@Suite(
    "courier send on a pseudo-terminal",
    .serialized, .timeLimit(.minutes(2)),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux script")
)
struct SendTerminalTests {
    /// What the terminal showed for `courier send arguments` (`2>file` and the like may end `arguments`),
    /// with the terminal's CR LF line ends made LF.
    func onTerminal(_ arguments: String, environment: String = "env -u NO_COLOR") async throws -> (status: Int32, screen: String) {
        let command = "\(environment) \(CourierProcess.executable.path) send \(arguments)"
        let outcome = try await runProcess(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
        return (outcome.status, outcome.outputText.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test("an empty 404 shows its status line in red; with NO_COLOR in plain text")
    func emptyNotFound() async throws {
        let route = TestServer.Route(.get, "/empty-404") { _ in TestServer.Reply(status: 404) }
        try await TestServer.withRunning(routes: [route]) { server in
            let coloured = try await onTerminal("'\(server.baseURL)/empty-404'")
            #expect(coloured.status == 4)
            #expect(coloured.screen == "\u{1B}[31mHTTP/1.1 404 Not Found\u{1B}[0m\n")
            let plain = try await onTerminal("'\(server.baseURL)/empty-404'", environment: "env NO_COLOR=1")
            #expect(plain.screen == "HTTP/1.1 404 Not Found\n")
        }
    }

    @Test("standard error redirected to a file gets no colour codes while standard output, a terminal, does")
    func noColourInRedirectedStandardError() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let errors = directory.appendingPathComponent("stderr.txt")
        try await TestServer.withRunning { server in
            let run = try await onTerminal("-v '\(server.baseURL)/status/404' 2>\(errors.path)")
            #expect(run.status == 4)
            #expect(run.screen.contains("\u{1B}[34m  \"status\"\u{1B}[0m : 404"))
            let written = try String(contentsOf: errors, encoding: .utf8)
            #expect(written.contains("GET /status/404 HTTP/1.1\n"))
            #expect(written.contains("HTTP/1.1 404 Not Found\n"))
            #expect(!written.contains("\u{1B}"), "\(written)")
        }
    }

    @Test("a gzip JSON body is decoded and pretty-printed; a binary body is not shown, a note says why")
    func textAndBinary() async throws {
        try await TestServer.withRunning(fixtures: ["gzip": SendBinaryOutputTests.gzipped]) { server in
            let json = try await onTerminal("'\(server.baseURL)/fixtures/gzip'", environment: "env NO_COLOR=1")
            #expect(json.screen == "{\n  \"gzipped\" : true,\n  \"note\" : \"decoded by courier send\"\n}\n")
            let binary = try await onTerminal("'\(server.baseURL)/random/4096?seed=1'", environment: "env NO_COLOR=1")
            #expect(binary.status == 0)
            #expect(binary.screen == "courier: the binary body (4.0 KiB) is not shown on a terminal; save it with -o FILE or > FILE.\n")
        }
    }

    @Test("-d draws a progress bar on the terminal's standard error")
    func progressBar() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bytes.bin")
        try await TestServer.withRunning { server in
            let run = try await onTerminal("-d -o \(file.path) '\(server.baseURL)/random/300000?seed=2'", environment: "env NO_COLOR=1")
            #expect(run.status == 0)
            #expect(run.screen.contains("100%  293.0 KiB / 293.0 KiB"), "\(run.screen)")
            #expect(run.screen.hasSuffix("\nsaved to \(file.path)\n"))
            #expect(try Data(contentsOf: file) == TestServer.randomBytes(count: 300_000, seed: 2))
        }
    }
}
