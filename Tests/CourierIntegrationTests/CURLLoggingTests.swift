import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Logging
import Testing

/// ``LoggingConfiguration/cURLLevel``: each request logged as a `curl` command, pasted into a shell against
/// the real local server.
@Suite("cURL commands in the log, against the real local server", .timeLimit(.minutes(1)))
struct CURLLoggingTests {
    /// A JSON body with what a shell would mangle: a quote, `$(…)` and backquotes.
    struct Note: Codable, Sendable, Equatable {
        var title: String
        var count: Int
    }

    /// The lines of `lines` that hold a cURL command.
    static func commands(_ lines: Recorded<CapturedLog>) -> [CapturedLog] {
        lines.all.filter { $0.message.contains("curl \\\n") }
    }

    /// Runs `command` as it was logged with `/bin/sh -c`, with `input` on its standard input when given.
    ///
    /// The only words added quiet curl's progress meter and bound its wait; they change nothing it sends.
    static func paste(_ command: String, input: Data? = nil) async throws -> Data {
        let script = command + " --silent --show-error --max-time 20"
        guard let input else { return try await runShell(script) }
        let file = try temporaryFile(input)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        return try await runShell("exec < '\(file.path)'\n" + script)
    }

    @Test("the logged command, pasted into a shell, sends the server what Courier sent: method, path, query, headers and body", arguments: TransportUnderTest.allCases)
    func pastedCommandSendsTheSameRequest(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let (logger, lines) = CapturingLogHandler.logger(level: .debug)
            // Logging inside `targeting`, so that the command has the full URL.
            let client = Client(transport: transport).logging(to: logger, .cURL).targeting(server.server)
            let note = Note(title: "it's $(whoami) and `date` in \"quotes\"", count: 2)
            let tag = #"it's "quoted" $HOME"#
            let sent = try await client.send(Endpoint<TestServer.Echo>(
                method: .post,
                path: "/echo/notes",
                query: [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "tag", value: "a b&c")],
                headers: ["X-Request-Tag": tag],
                body: .json(note)
            ))

            let logged = Self.commands(lines)
            #expect(logged.count == 1)
            let command = try #require(logged.first)
            #expect(command.level == .debug)
            #expect(command.message.hasPrefix("curl \\\n"))
            let replayed = try JSONDecoder().decode(TestServer.Echo.self, from: try await Self.paste(command.message))

            #expect(sent.method == "POST")
            #expect(sent.headers["x-request-tag"] == tag)
            #expect(try JSONDecoder().decode(Note.self, from: Data(sent.body.utf8)) == note)
            #expect(replayed.method == sent.method)
            #expect(replayed.path == sent.path)
            #expect(replayed.query == sent.query)
            #expect(replayed.queryItems == [.init(name: "page", value: "2"), .init(name: "tag", value: "a b&c")])
            #expect(replayed.queryItems == sent.queryItems)
            #expect(replayed.body == sent.body)
            for name in ["x-request-tag", "content-type", "content-length", "accept"] {
                #expect(replayed.headers[name] == sent.headers[name], "header \(name)")
            }
        }
    }

    @Test("the command is written at the configured level, with the number in its metadata, and hides what the logging's redactor hides")
    func redactedAtItsLevel() async throws {
        try await TestServer.withRunning { server in
            let (logger, lines) = CapturingLogHandler.logger(level: .trace)
            var configuration = LoggingConfiguration()
            configuration.cURLLevel = .notice
            configuration.redactor = Redactor.default.hiding(headers: ["X-Tenant-Secret"])
            let client = Client(transport: URLSessionTransport()).logging(to: logger, configuration).numbered()
            var request = try ClientRequest(url: server.baseURL + "/echo?token=query-secret&page=1")
            try request.setHeader("Authorization", "Bearer secret")
            try request.setHeader("X-Tenant-Secret", "tenant-secret")
            _ = try await client.send(request).body.collect(upTo: 1 << 20)

            let logged = Self.commands(lines)
            #expect(logged.count == 1)
            let command = try #require(logged.first)
            #expect(command.level == .notice)
            #expect(command.message == """
                curl \\
                  --header 'Authorization: <redacted>' \\
                  --header 'X-Tenant-Secret: <redacted>' \\
                  'http://127.0.0.1:\(server.port)/echo?token=<redacted>&page=1'
                """)
            #expect(command.metadata["http.request_number"] == "1")
            #expect(command.metadata["http.attempt"] == "1")
            for secret in ["Bearer secret", "tenant-secret", "query-secret"] {
                #expect(!lines.all.contains { $0.fullText.contains(secret) }, "\(secret) was logged")
            }
        }
    }

    @Test("no command is written when the cURL level is nil (the default), nor when the logger's level is above it")
    func noCommandWhenOff() async throws {
        try await TestServer.withRunning { server in
            #expect(LoggingConfiguration.default.cURLLevel == nil)
            #expect(LoggingConfiguration.cURL.cURLLevel == .debug)
            var request = try ClientRequest(.post, url: server.baseURL + "/echo")
            try request.setHeader("Content-Type", "application/json")
            request.body = .text(#"{"a":1}"#)

            let (everythingLogger, everything) = CapturingLogHandler.logger(level: .trace)
            var bodies = LoggingConfiguration()
            bodies.bodies = .text(upTo: 1024)
            let off = Client(transport: URLSessionTransport()).logging(to: everythingLogger, bodies)
            _ = try await off.send(request).body.collect(upTo: 1 << 20)
            #expect(everything.all.count == 4, "start, request body, end and response body lines")
            #expect(Self.commands(everything).isEmpty)

            let (infoLogger, info) = CapturingLogHandler.logger(level: .info)
            let above = Client(transport: URLSessionTransport()).logging(to: infoLogger, .cURL)
            _ = try await above.send(request).body.collect(upTo: 1 << 20)
            #expect(info.all.count == 2, "the start and end lines at info")
            #expect(Self.commands(info).isEmpty)
        }
    }

    @Test("a single-pass stream is not read for the command: a comment says so, the server gets every byte, and the command sends the body from standard input")
    func streamedBodyIsNotShown() async throws {
        try await TestServer.withRunning { server in
            let (logger, lines) = CapturingLogHandler.logger(level: .debug)
            let client = Client(transport: URLSessionTransport()).logging(to: logger, .cURL)
            let bytes = Data((0..<5000).map { UInt8($0 % 251) })
            var request = try ClientRequest(.put, url: server.baseURL + "/upload")
            try request.setHeader("Content-Type", "application/octet-stream")
            request.body = .singlePass(length: Int64(bytes.count), AsyncStream<Data> { continuation in
                continuation.yield(bytes.prefix(2000))
                continuation.yield(bytes.dropFirst(2000))
                continuation.finish()
            })
            let response = try await client.send(request)
            let received = try JSONDecoder().decode(TestServer.UploadSummary.self, from: try await response.body.collect(upTo: 1 << 20))
            let expected = TestServer.UploadSummary.of(bytes)
            #expect(received.bytes == expected.bytes)
            #expect(received.checksum == expected.checksum)

            let command = try #require(Self.commands(lines).first)
            #expect(command.message == """
                # body not shown (a stream, read only once): curl reads it from standard input
                curl \\
                  --request PUT \\
                  --header 'Content-Type: application/octet-stream' \\
                  --data-binary @- \\
                  'http://127.0.0.1:\(server.port)/upload'
                """)
            let replayed = try JSONDecoder().decode(TestServer.UploadSummary.self, from: try await Self.paste(command.message, input: bytes))
            #expect(replayed.bytes == expected.bytes)
            #expect(replayed.checksum == expected.checksum)
        }
    }

    @Test("a body in memory over 64 KiB is not written into the log: a comment says so and the command reads it from standard input")
    func largeBodyIsNotShown() async throws {
        try await TestServer.withRunning { server in
            let (logger, lines) = CapturingLogHandler.logger(level: .debug)
            let client = Client(transport: URLSessionTransport()).logging(to: logger, .cURL)
            let text = String(repeating: "abcdefghij", count: 7_000)
            var request = try ClientRequest(.post, url: server.baseURL + "/upload")
            try request.setHeader("Content-Type", "text/plain")
            request.body = .text(text)
            _ = try await client.send(request).body.collect(upTo: 1 << 20)

            let command = try #require(Self.commands(lines).first)
            #expect(command.message == """
                # body not shown (70000 bytes, over the 65536 a log line holds): curl reads it from standard input
                curl \\
                  --header 'Content-Type: text/plain' \\
                  --data-binary @- \\
                  'http://127.0.0.1:\(server.port)/upload'
                """)
            let replayed = try JSONDecoder().decode(TestServer.UploadSummary.self, from: try await Self.paste(command.message, input: Data(text.utf8)))
            #expect(replayed.checksum == TestServer.UploadSummary.of(Data(text.utf8)).checksum)
        }
    }

    @Test("inside retrying a command is written for every attempt, outside once for the request")
    func oneCommandPerPass() async throws {
        try await TestServer.withRunning { server in
            var twice = RetryPolicy.immediate(maxAttempts: 2)
            twice.budget = nil
            let request = try ClientRequest(url: server.baseURL + "/status/503")

            let (innerLogger, inner) = CapturingLogHandler.logger(level: .debug)
            let inside = Client(transport: URLSessionTransport()).logging(to: innerLogger, .cURL).retrying(twice)
            let retried = try await inside.send(request)
            _ = try await retried.body.collect(upTo: 1 << 20)
            #expect(retried.status.code == 503)
            #expect(Self.commands(inner).map { $0.metadata["http.attempt"]?.description } == ["1", "2"])

            let (outerLogger, outer) = CapturingLogHandler.logger(level: .debug)
            let outside = Client(transport: URLSessionTransport()).retrying(twice).logging(to: outerLogger, .cURL)
            _ = try await outside.send(request).body.collect(upTo: 1 << 20)
            #expect(Self.commands(outer).count == 1)
            #expect(await server.hits("/status/503") == 4)
        }
    }
}
