import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// The body reaches a pipe or a file as its exact bytes, streamed: random binary bodies compared byte for
/// byte, a body larger than the library's buffer limit in bounded memory, and compressed bodies decoded.
@Suite("courier send: exact bytes, streamed", .serialized, .timeLimit(.minutes(3)))
struct SendBinaryOutputTests {
    /// `{"gzipped":true,"note":"decoded by courier send"}`, gzip-compressed (Python's `gzip.compress`, mtime 0).
    static let gzipped = TestServer.Fixture(
        body: Data(base64Encoded: "H4sIAAAAAAACA6tWSq/KLChITVGyKikqTdVRyssvSVWyUkpJTc5PSU1RSKpUSM4vLcpMLVIoTs1LUaoFACtJmAIxAAAA")!,
        headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"]
    )

    @Test("4,096 random bytes through a pipe: the same 4,096 bytes, nothing added, exit 0")
    func smallBinaryThroughPipe() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await CourierProcess.run(["send", server.baseURL + "/random/4096?seed=7"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.output.count == 4096)
            #expect(outcome.output == TestServer.randomBytes(count: 4096, seed: 7))
            #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        }
    }

    @Test("3 MiB of random bytes through a pipe and through -o FILE: byte for byte the server's")
    func severalMegabytes() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 3 * 1024 * 1024 + 5
        let expected = TestServer.randomBytes(count: count, seed: 42)
        try await TestServer.withRunning { server in
            let url = server.baseURL + "/random/\(count)?seed=42"
            let piped = try await CourierProcess.run(["send", url])
            #expect(piped.status == 0, "\(piped.standardError)")
            #expect(piped.output == expected)
            let file = directory.appendingPathComponent("random.bin")
            let saved = try await CourierProcess.run(["send", "-o", file.path, url])
            #expect(saved.status == 0, "\(saved.standardError)")
            #expect(saved.output.isEmpty && saved.standardError.isEmpty, "\(saved.standardError)")
            #expect(try Data(contentsOf: file) == expected)
        }
    }

    @Test("48 MiB, past the library's 32 MiB buffer limit, streams through a pipe in bounded memory")
    func largeBodyInBoundedMemory() async throws {
        try await TestServer.withRunning { server in
            // The server sends every byte, then holds the body open: the process is measured alive, body whole.
            func run(_ count: Int, key: String) async throws -> (peakKiB: Int, outcome: CourierProcess.Outcome) {
                let running = try RunningCourier(["send", server.baseURL + "/random/\(count)?seed=3&hold=\(key)"])
                try await running.waitForOutput(count)
                let peak = try #require(running.peakMemoryKiB)
                await server.release(key)
                return (peak, await running.finished())
            }
            let small = try await run(64 * 1024, key: "small")
            let count = 48 * 1024 * 1024
            let large = try await run(count, key: "large")
            #expect(large.outcome.status == 0, "\(large.outcome.standardError)")
            #expect(large.outcome.output.count == count)
            #expect(large.outcome.output == TestServer.randomBytes(count: count, seed: 3))
            // Holding the body would add at least 48 MiB; streaming adds a few chunks in flight.
            #expect(large.peakKiB - small.peakKiB < 16 * 1024, "peak \(large.peakKiB) KiB against \(small.peakKiB) KiB for 64 KiB")
        }
    }

    @Test("a gzip body is asked for and decoded: a pipe gets the JSON's exact bytes")
    func gzipDecoded() async throws {
        try await TestServer.withRunning(fixtures: ["gzip": Self.gzipped]) { server in
            let outcome = try await CourierProcess.run(["send", server.baseURL + "/fixtures/gzip"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput == #"{"gzipped":true,"note":"decoded by courier send"}"#)
            let echo = try await CourierProcess.run(["send", server.baseURL + "/echo"])
            let headers = try JSONDecoder().decode(TestServer.Echo.self, from: echo.output).headers
            #expect(headers["accept-encoding"] == "gzip, deflate")
        }
    }

    @Test("-d saves under the URL's name in the current directory, never over an existing file; asks for identity")
    func downloadNamedByURL() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("keep me".utf8).write(to: directory.appendingPathComponent("4096"))
        try await TestServer.withRunning { server in
            let outcome = try await CourierProcess.run(["send", "-d", server.baseURL + "/random/4096?seed=9"], in: directory)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardError == "saved to 4096-1\n")
            #expect(outcome.output.isEmpty)
            #expect(try Data(contentsOf: directory.appendingPathComponent("4096-1")) == TestServer.randomBytes(count: 4096, seed: 9))
            #expect(try String(contentsOf: directory.appendingPathComponent("4096"), encoding: .utf8) == "keep me")
            let offline = try await CourierProcess.run(["send", "--offline", "-p", "H", "-d", server.baseURL + "/x"])
            #expect(offline.status == 64, "--offline sends nothing to download")
            let echo = try await CourierProcess.run(["send", "-d", "-o", directory.appendingPathComponent("echo.json").path, server.baseURL + "/echo"])
            #expect(echo.status == 0)
            let headers = try JSONDecoder().decode(TestServer.Echo.self, from: Data(contentsOf: directory.appendingPathComponent("echo.json"))).headers
            #expect(headers["accept-encoding"] == "identity")
        }
    }

    @Test("-d with an error status saves nothing, says so, and exits 4")
    func downloadOfAnError() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestServer.withRunning { server in
            let outcome = try await CourierProcess.run(["send", "-d", server.baseURL + "/status/404"], in: directory)
            #expect(outcome.status == 4)
            #expect(outcome.standardError == "HTTP/1.1 404 Not Found\ncourier: nothing was downloaded.\n")
            #expect(outcome.standardOutput == #"{"status":404,"reason":""}"#)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test("a reader that stops early (| head) ends courier quietly with 1; a full disk is an error that says so, exit 1")
    func closedOrFullOutput() async throws {
        try await TestServer.withRunning { server in
            let url = server.baseURL + "/random/\(4 * 1024 * 1024)?seed=5"
            // courier's standard error goes around the pipe (to descriptor 3, the shell's output), so any
            // message it printed would show beside its status.
            let command = "{ '\(CourierProcess.executable.path)' send '\(url)' 2>&3 </dev/null | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\"; } 3>&1"
            let headed = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", command])
            #expect(headed.outputText == "1\n", "courier's own output and status: \(headed.outputText)")
            if FileManager.default.fileExists(atPath: "/dev/full") {
                let full = try await CourierProcess.run(["send", "-o", "/dev/full", url])
                #expect(full.status == 1)
                #expect(full.standardError == "courier: cannot write to '/dev/full': No space left on device.\n")
            }
        }
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
