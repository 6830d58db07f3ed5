import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// `courier send`, run as a subprocess against the test server: each flag, an exit code for each kind of
/// failure, a `--curl` command that curl runs, and no colour or progress bar when output is not a
/// terminal (a pipe, here).
///
/// Serialized: each run starts a whole process, and ten at once on two cores starve the other suites'
/// test clocks, which are run out in real time.
@Suite("courier send, as a subprocess", .serialized, .timeLimit(.minutes(3)))
struct SendCommandTests {
    func send(_ arguments: String..., environment: [String: String] = [:]) async throws -> CourierProcess.Outcome {
        try await CourierProcess.run(["send"] + arguments, environment: environment)
    }

    @Test("a GET writes the JSON body on a pipe exactly as the server sent it, without colour, and exits 0")
    func get() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send(server.baseURL + "/articles", "tag==swift")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            // The server's own compact JSON (its key order varies from run to run): no indentation, no colour.
            #expect(!outcome.standardOutput.contains("\n") && !outcome.standardOutput.contains("\u{1B}["))
            #expect(outcome.standardOutput.hasPrefix("[{\""))
            let articles = try JSONDecoder().decode([TestArticle].self, from: Data(outcome.standardOutput.utf8))
            #expect(articles.map(\.id) == [1, 2])
        }
    }

    @Test("items: a header, a query parameter, text and raw JSON fields make a JSON POST")
    func jsonItems() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send(server.baseURL + "/echo", "X-Test:yes", "q==a b", "name=Ada", "age:=36", "tags:=[\"x\"]")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: Data(outcome.standardOutput.utf8))
            #expect(echo.method == "POST")
            #expect(echo.headers["x-test"] == "yes")
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.queryItems == [TestServer.Echo.QueryItem(name: "q", value: "a b")])
            #expect(echo.body == #"{"age":36,"name":"Ada","tags":["x"]}"#)
        }
    }

    @Test("--form sends a URL-encoded form; --multipart and name@file send a multipart form with the file")
    func forms() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try Data("file contents".utf8).write(to: file)
        try await TestServer.withRunning { server in
            let formOutcome = try await send("--form", server.baseURL + "/form", "name=Zoë & co", "city=Zürich")
            let form = try JSONDecoder().decode(TestServer.FormEcho.self, from: Data(formOutcome.standardOutput.utf8))
            #expect(form.pairs == [["name", "Zoë & co"], ["city", "Zürich"]])
            #expect(form.contentType == "application/x-www-form-urlencoded")

            let multipartOutcome = try await send(server.baseURL + "/multipart", "title=Notes", "attachment@\(file.path)")
            let multipart = try JSONDecoder().decode(TestServer.MultipartEcho.self, from: Data(multipartOutcome.standardOutput.utf8))
            #expect(multipart.parts.map(\.name) == ["title", "attachment"])
            #expect(multipart.parts.last?.text == "file contents")
            #expect(multipart.parts.last?.contentDisposition == #"form-data; name="attachment"; filename="notes.txt""#)
        }
    }

    @Test("--json and --multipart choose the body for text fields; two of them at once is a usage error")
    func explicitStyles() async throws {
        try await TestServer.withRunning { server in
            let json = try await send("--json", "PUT", server.baseURL + "/echo", "a=1")
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: Data(json.standardOutput.utf8))
            #expect(echo.method == "PUT" && echo.body == #"{"a":"1"}"#)
            let multipart = try await send("--multipart", server.baseURL + "/multipart", "a=1", "b=two")
            let parts = try JSONDecoder().decode(TestServer.MultipartEcho.self, from: Data(multipart.standardOutput.utf8)).parts
            #expect(parts.map(\.name) == ["a", "b"] && parts.map(\.text) == ["1", "two"])
            let both = try await send("--json", "--form", server.baseURL + "/echo", "a=1")
            #expect(both.status == 64 && both.standardError.contains("choose one"))
        }
    }

    @Test("--bearer and --basic send Authorization; --verbose prints both heads with the secret redacted")
    func authAndVerbose() async throws {
        try await TestServer.withRunning { server in
            let bearer = try await send("--bearer", "s3cret", "--verbose", server.baseURL + "/echo")
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: Data(bearer.standardOutput.utf8))
            #expect(echo.headers["authorization"] == "Bearer s3cret")
            #expect(bearer.standardError.contains("GET /echo HTTP/1.1"))
            #expect(bearer.standardError.contains("HTTP/1.1 200 OK"))
            #expect(bearer.standardError.contains("Authorization: <redacted>"))
            #expect(!bearer.standardError.contains("s3cret"))
            let basic = try await send("--basic", "ada:pw", server.baseURL + "/echo")
            let basicEcho = try JSONDecoder().decode(TestServer.Echo.self, from: Data(basic.standardOutput.utf8))
            #expect(basicEcho.headers["authorization"] == "Basic " + Data("ada:pw".utf8).base64EncodedString())
        }
    }

    @Test("exit codes: 4 for 4xx, 5 for 5xx, 2 for a timeout, 3 for a refused connection, 64 for bad input")
    func exitCodes() async throws {
        let stopped = try await TestServer.start()
        let refusedURL = stopped.baseURL + "/echo"
        await stopped.stop()
        try await TestServer.withRunning { server in
            let notFound = try await send(server.baseURL + "/status/404")
            let unavailable = try await send(server.baseURL + "/status/503")
            let slow = try await send("--timeout", "0.2", server.baseURL + "/delay/3000")
            let refused = try await send(refusedURL)
            let badURL = try await send("http://exa mple.com/")
            let badItem = try await send(server.baseURL + "/echo", "=nothing")
            #expect(notFound.status == 4)
            #expect(unavailable.status == 5)
            #expect(slow.status == 2, "\(slow.standardError)")
            #expect(refused.status == 3, "\(refused.standardError)")
            #expect(badURL.status == 64, "\(badURL.standardError)")
            #expect(badItem.status == 64, "\(badItem.standardError)")
            #expect(notFound.standardOutput.contains("404"))
        }
    }

    @Test("--retry sends again after 503s; --follow follows redirects that are otherwise returned as they are")
    func retryAndFollow() async throws {
        try await TestServer.withRunning { server in
            let flaky = try await send("--retry", "2", server.baseURL + "/flaky/cli?failures=2")
            #expect(flaky.status == 0, "\(flaky.standardError)")
            #expect(await server.hits("/flaky/cli") == 3)
            let unfollowed = try await send(server.baseURL + "/redirect/1")
            let followed = try await send("--follow", server.baseURL + "/redirect/1")
            #expect(unfollowed.status == 0)
            #expect(!unfollowed.standardOutput.contains("\"method\""))
            #expect(followed.status == 0)
            #expect(followed.standardOutput.contains(#""method":"GET""#))
        }
    }

    @Test("--cache DIR serves a fresh response from disk on the next run without reaching the server")
    func cache() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await TestServer.withRunning { server in
            let url = server.baseURL + "/cache/cli?cc=max-age%3D600"
            let first = try await send("--cache", directory.path, url)
            let second = try await send("--cache", directory.path, url)
            #expect(first.status == 0 && second.status == 0, "\(first.standardError) \(second.standardError)")
            #expect(first.standardOutput == second.standardOutput)
            #expect(await server.hits("/cache/cli") == 1)
        }
    }

    @Test("-d -o FILE writes the file, and with standard error on a pipe draws no progress bar")
    func download() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-dl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("bytes.bin")
        try await TestServer.withRunning { server in
            let outcome = try await send("-d", "-o", destination.path, server.baseURL + "/bytes/300000")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty, "\(outcome.standardOutput)")
            #expect(!outcome.standardError.contains("\r"), "\(outcome.standardError)")
            #expect(outcome.standardError == "saved to \(destination.path)\n", "\(outcome.standardError)")
            let data = try Data(contentsOf: destination)
            #expect(data.count == 300_000)
            let direct = try await Client(transport: URLSessionTransport()).send(ClientRequest(url: server.baseURL + "/bytes/300000"))
            let expected = try await direct.body.collect(upTo: 1 << 20)
            #expect(data == expected)
        }
    }

    @Test("--curl prints a command that curl runs to the same effect, without sending anything itself")
    func curlCommand() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("--curl", "--bearer", "tok", server.baseURL + "/echo", "name=Ada", "X-Test:yes")
            #expect(outcome.status == 0)
            #expect(await server.hits("/echo") == 0)
            #expect(outcome.standardOutput.hasPrefix("curl "))
            let replay = try await runShell(outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) + " --silent --show-error --max-time 20")
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: replay)
            #expect(echo.method == "POST")
            #expect(echo.body == #"{"name":"Ada"}"#)
            #expect(echo.headers["x-test"] == "yes")
            #expect(echo.headers["authorization"] == "Bearer tok")
        }
    }
}
