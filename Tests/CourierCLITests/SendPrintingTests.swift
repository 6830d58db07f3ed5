import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// Which parts `courier send` prints, and where: `--print`, `--body`, `--verbose`, the hints of its
/// errors, and the short flags.
@Suite("courier send: --print, --body, --verbose, hints and short flags", .serialized, .timeLimit(.minutes(3)))
struct SendPrintingTests {
    func send(_ arguments: String...) async throws -> CourierProcess.Outcome {
        try await CourierProcess.run(["send"] + arguments)
    }

    @Test("-p Hh prints both heads to standard error and no body")
    func heads() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-p", "Hh", server.baseURL + "/status/404")
            #expect(outcome.status == 4)
            #expect(outcome.output.isEmpty)
            #expect(outcome.standardError.hasPrefix("GET /status/404 HTTP/1.1\nHost: 127.0.0.1:\(server.port)\nAccept: application/json, */*;q=0.5\nUser-Agent: \(Client.defaultUserAgent)\nAccept-Encoding: gzip, deflate\n\nHTTP/1.1 404 Not Found\n"))
            #expect(outcome.standardError.contains("\nContent-Type: application/json\n"))
            #expect(!outcome.standardError.contains("\u{1B}["))
        }
    }

    @Test("-v prints the request head and body and the response head to standard error, the body to standard output")
    func verbose() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-v", server.baseURL + "/echo", "a=1")
            #expect(outcome.status == 0)
            #expect(outcome.standardError.contains("POST /echo HTTP/1.1\n"))
            #expect(outcome.standardError.contains("\nContent-Length: 9\n\n{\"a\":\"1\"}\n\nHTTP/1.1 200 OK\n"))
            #expect(try JSONDecoder().decode(TestServer.Echo.self, from: outcome.output).body == #"{"a":"1"}"#)
            // Then the phases, after the body (issue #37.6): courier send goes through AsyncHTTPClient, which
            // sees the connection, the head and the body's end.
            let timings = try #require(outcome.standardError.split(separator: "\n").last { $0.hasPrefix("timings: ") })
            #expect(timings.contains("connection ") && timings.contains("(new)") && timings.contains("first byte ") && timings.contains("body end "), "\(timings)")
        }
    }

    @Test("-b prints the body only; -F follows a redirect")
    func bodyAndFollow() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-b", "-F", server.baseURL + "/redirect/2")
            #expect(outcome.status == 0)
            #expect(outcome.standardError.isEmpty)
            #expect(try JSONDecoder().decode(TestServer.Echo.self, from: outcome.output).path == "/echo")
        }
    }

    @Test("a timeout's hint names --timeout, not the library's RequestOptions.timeout")
    func timeoutHint() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("--timeout", "0.2", server.baseURL + "/delay/3000")
            #expect(outcome.status == 2)
            #expect(outcome.standardError.contains("\n  hint:     the server did not answer in time (200 ms); raise --timeout or check the server.\n"))
            #expect(!outcome.standardError.contains("RequestOptions"))
        }
    }

    @Test("-S on a pipe streams the exact bytes, as without it")
    func streamOnPipe() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-S", server.baseURL + "/drip?chunks=3&interval=20")
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput == "...")
        }
    }
}
