import Courier
import CourierTesting
import Foundation
import Testing
@testable import courier

/// What depends on a terminal, decided in-process with the terminal handed in: both answers, without
/// needing one.
@Suite("Terminal decisions: the status line and colours, per stream", .timeLimit(.minutes(1)))
struct TerminalDecisionTests {
    let emptyNotFound = TestServer.Route(.get, "/empty-404") { _ in TestServer.Reply(status: 404) }

    /// Runs the default exchange (no --print) against `path` with `terminal`.
    func exchange(_ path: String, on server: TestServer, terminal: Terminal, parts: PrintParts? = nil) async throws -> (code: SendExitCode, output: CollectingSink, errors: CollectingSink) {
        let output = CollectingSink()
        let errors = CollectingSink()
        let defaults = try PrintParts.resolve(print: nil, bodyOnly: false, verbose: false, offline: false)
        let exchange = SendExchange(
            parts: parts ?? defaults, terminal: terminal, streaming: false, download: false, output: nil,
            standardOutput: output, standardError: errors
        )
        let code = try await exchange.run(try ClientRequest(url: server.baseURL + path), client: Client(transport: URLSessionTransport()))
        return (code, output, errors)
    }

    @Test("an empty 404: the status line on a terminal's standard error, one line on a pipe (#40); exit 4 either way")
    func emptyNotFoundStatusLine() async throws {
        try await TestServer.withRunning(routes: [emptyNotFound]) { server in
            let terminal = try await exchange("/empty-404", on: server, terminal: Terminal(stdoutIsTerminal: true, stderrIsTerminal: true, coloursAllowed: false))
            #expect(terminal.code == .clientError)
            #expect(terminal.errors.text == "HTTP/1.1 404 Not Found\n")
            #expect(terminal.output.data.isEmpty)
            let pipe = try await exchange("/empty-404", on: server, terminal: Terminal(stdoutIsTerminal: false, stderrIsTerminal: false))
            #expect(pipe.code == .clientError)
            #expect(pipe.errors.text == "courier: 404 Not Found GET \(server.baseURL)/empty-404\n")
            #expect(pipe.output.data.isEmpty)
        }
    }

    @Test("an error with a body and an empty 204 get the status line on a terminal; a 200 with a body does not")
    func whenTheStatusLineShows() async throws {
        try await TestServer.withRunning { server in
            let terminal = Terminal(stdoutIsTerminal: true, stderrIsTerminal: true, coloursAllowed: false)
            let error = try await exchange("/status/503", on: server, terminal: terminal)
            #expect(error.code == .serverError)
            #expect(error.errors.text == "HTTP/1.1 503 Service Unavailable\n")
            #expect(error.output.text == "{\n  \"reason\" : \"\",\n  \"status\" : 503\n}\n")
            let empty = try await exchange("/status/204", on: server, terminal: terminal)
            #expect(empty.code == .success && empty.errors.text == "HTTP/1.1 204 No Content\n")
            let ok = try await exchange("/profile", on: server, terminal: terminal)
            #expect(ok.errors.data.isEmpty && !ok.output.data.isEmpty)
            // Standard output redirected, standard error still a terminal: the person watching is told.
            let redirected = try await exchange("/status/404", on: server, terminal: Terminal(stdoutIsTerminal: false, stderrIsTerminal: true, coloursAllowed: false))
            #expect(redirected.errors.text == "HTTP/1.1 404 Not Found\n")
            #expect(redirected.output.text == #"{"status":404,"reason":""}"#)
        }
    }

    @Test("--body and --print say exactly what to show: no status line even on a terminal, only a failure's one line")
    func explicitPartsNoStatusLine() async throws {
        try await TestServer.withRunning(routes: [emptyNotFound]) { server in
            let terminal = Terminal(stdoutIsTerminal: true, stderrIsTerminal: true, coloursAllowed: false)
            let bodyOnly = try await exchange("/empty-404", on: server, terminal: terminal, parts: try PrintParts(letters: "b"))
            #expect(bodyOnly.code == .clientError)
            #expect(bodyOnly.errors.text == "courier: 404 Not Found GET \(server.baseURL)/empty-404\n")
            let ok = try await exchange("/status/204", on: server, terminal: terminal, parts: try PrintParts(letters: "b"))
            #expect(ok.code == .success && ok.errors.data.isEmpty)
        }
    }

    @Test("colours go only to a stream that is a terminal, and never with NO_COLOR")
    func coloursPerStream() async throws {
        let mixed = Terminal(stdoutIsTerminal: true, stderrIsTerminal: false)
        #expect(mixed.palette(for: .standardOutput).enabled)
        #expect(!mixed.palette(for: .standardError).enabled)
        #expect(!Terminal(stdoutIsTerminal: true, stderrIsTerminal: true, coloursAllowed: false).palette(for: .standardOutput).enabled)
        #expect(!Terminal.current(environment: ["NO_COLOR": "1"]).coloursAllowed)
        try await TestServer.withRunning(routes: [emptyNotFound]) { server in
            let verbose = try PrintParts.resolve(print: nil, bodyOnly: false, verbose: true, offline: false)
            let run = try await exchange("/status/404", on: server, terminal: mixed, parts: verbose)
            #expect(run.errors.text.contains("GET /status/404 HTTP/1.1"))
            #expect(run.errors.text.contains("HTTP/1.1 404 Not Found"))
            #expect(!run.errors.text.contains("\u{1B}["), "standard error is not a terminal: \(run.errors.text)")
            #expect(run.output.text.contains("\u{1B}[34m"), "standard output is: JSON keys are coloured")
        }
    }
}
