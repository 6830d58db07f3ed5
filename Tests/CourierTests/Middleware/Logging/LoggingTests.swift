import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@Suite("Logging")
struct LoggingTests {
    /// A transport that takes 12.3 ms on `clock` and answers `status` with `body`.
    static func transport(
        _ clock: TestClock<Duration>, status: Int = 200, contentType: String = "application/json", body: String = #"{"ok":true}"#
    ) -> RecordingTransport {
        RecordingTransport { request in
            await clock.advance(by: .microseconds(12_300))
            return stubResponse(status, headers: [.contentType: contentType], body: body, for: request)
        }
    }

    @Test("one line when a request starts and one when it ends, with number, status, duration and bytes")
    func startAndEnd() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger()
        let client = Client(transport: Self.transport(clock)).logging(to: logger, clock: clock).numbered()
        _ = try await client.send(try ClientRequest(url: "https://api.example.com/items?token=abc&page=2"))
        let logged = lines.all
        #expect(logged.map(\.level) == [.info, .info])
        #expect(logged.map(\.message) == [
            "#1 --> GET https://api.example.com/items?token=<redacted>&page=2",
            "#1 <-- 200 OK GET https://api.example.com/items?token=<redacted>&page=2 12.3 ms, 11 bytes",
        ])
        let end = try #require(logged.last).metadata
        #expect(end["http.status"] == "200")
        #expect(end["http.method"] == "GET")
        #expect(end["http.url"] == nil)   // in the message only: a handler printing both would show it twice
        #expect(end["http.request_number"] == "1")
        #expect(end["http.attempt"] == "1")
        #expect(end["bytes"] == "11")
        #expect(end["duration_ms"] == "12.3")
    }

    @Test("a 4xx or 5xx ends at warning; a thrown error at error with the diagnosis; a cancellation at info")
    func levels() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger()
        _ = try await Client(transport: Self.transport(clock, status: 503)).logging(to: logger, clock: clock)
            .send(try itemsRequest())
        #expect(lines.all.last?.level == .warning)
        #expect(lines.all.last?.message.contains("<-- 503 Service Unavailable GET") == true)

        let (failingLogger, failing) = CapturingLogHandler.logger()
        let refused = Client(transport: RecordingTransport { _ in throw NetworkError(.cannotConnect, message: "refused.") })
            .logging(to: failingLogger, clock: clock)
        await #expect(throws: NetworkError.self) { try await refused.send(try itemsRequest()) }
        let failure = try #require(failing.all.last)
        #expect(failure.level == .error)
        #expect(failure.message.hasPrefix("<-- failed GET https://api.example.com/items after 0.0 ms: refused.\n  kind:     cannotConnect"))
        #expect(failure.message.contains("hint:"))
        #expect(failure.metadata["error.kind"] == "cannotConnect")

        let (cancelLogger, cancelled) = CapturingLogHandler.logger()
        let cancelling = Client(transport: RecordingTransport { _ in throw CancellationError() }).logging(to: cancelLogger, clock: clock)
        await #expect(throws: NetworkError.self) { try await cancelling.send(try itemsRequest()) }
        #expect(cancelled.all.last?.level == .info)
    }

    @Test("a failure line hides what the logging configuration's redactor hides, though the layers below never saw it")
    func failureLineUsesTheConfiguredRedactor() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger()
        var configuration = LoggingConfiguration.default
        configuration.redactor = Redactor.default.hiding(headers: ["X-Tenant-Secret"], queryParameters: [])
        let client = Client(transport: RecordingTransport { request in throw NetworkError(.cannotConnect, message: "refused.", request: request) })
            .logging(to: logger, configuration, clock: clock)
        var request = try itemsRequest()
        try request.setHeader("X-Tenant-Secret", "s3cr3t")
        await #expect(throws: NetworkError.self) { try await client.send(request) }
        let failure = try #require(lines.all.last)
        #expect(failure.message.hasPrefix("<-- failed GET"))
        #expect(failure.message.contains("X-Tenant-Secret"))
        #expect(!failure.message.contains("s3cr3t"))
    }

    @Test("levels are configurable and the logger's level filters them")
    func configuredLevels() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger(level: .info)
        var configuration = LoggingConfiguration()
        configuration.started = .debug
        configuration.bodies = .text(upTo: 100)
        _ = try await Client(transport: Self.transport(clock)).logging(to: logger, configuration, clock: clock)
            .send(try itemsRequest())
        #expect(lines.all.count == 1, "the start line is at debug and bodies at trace: only the end line is written")
        #expect(lines.all.first?.message.contains("<-- 200 OK") == true)
    }

    @Test("a logger set above every level this layer writes at gets nothing, and the exchange is untouched")
    func silencedLogger() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger(level: .critical)
        let response = try await Client(transport: Self.transport(clock)).logging(to: logger, clock: clock)
            .send(try itemsRequest())
        #expect(response.status == .ok)
        #expect(try await response.body.collect(upTo: 1 << 20).isEmpty == false)
        #expect(lines.all.isEmpty)
    }

    @Test("bodies are off by default, even at trace")
    func bodiesOffByDefault() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger(level: .trace)
        var request = try itemsRequest(.post)
        request.body = .text(#"{"name":"x"}"#)
        _ = try await Client(transport: Self.transport(clock)).logging(to: logger, clock: clock).send(request)
        #expect(lines.all.count == 2)
        #expect(!lines.all.contains { $0.message.contains("body") })
    }

    @Test("text bodies at trace, capped, with sensitive members redacted; binary and streamed bodies never")
    func bodies() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger(level: .trace)
        var configuration = LoggingConfiguration()
        configuration.bodies = .text(upTo: 40)
        let reply = #"{"access_token":"tok-secret","items":[1,2,3,4,5,6,7,8,9,10]}"#
        let client = Client(transport: Self.transport(clock, body: reply)).logging(to: logger, configuration, clock: clock)

        var request = try itemsRequest(.post)
        request.body = .text(#"{"user":"ann","password":"hunter2"}"#)
        try request.setHeader("Content-Type", "application/json")
        let response = try await client.send(request)
        _ = try await response.body.collect(upTo: 1000)
        let bodyLines = lines.all.filter { $0.message.contains("body (") }
        #expect(bodyLines.map(\.level) == [.trace, .trace])
        #expect(bodyLines.first?.message == #"--> body (35 bytes): {"user":"ann","password":"<redacted>"}"#)
        #expect(bodyLines.last?.message == #"<-- body (60 bytes): {"access_token":"<redacted>","items":[1, … (20 more bytes)"#)

        var cutInSecret = configuration
        cutInSecret.bodies = .text(upTo: 22)
        let (cutLogger, cutLines) = CapturingLogHandler.logger(level: .trace)
        let cut = try await Client(transport: Self.transport(clock, body: reply)).logging(to: cutLogger, cutInSecret, clock: clock)
            .send(try itemsRequest())
        _ = try await cut.body.collect(upTo: 1000)
        #expect(cutLines.all.last?.message == #"<-- body (60 bytes): {"access_token":"<redacted> … (38 more bytes)"#, "a secret cut by the limit is hidden too")

        let (binaryLogger, binaryLines) = CapturingLogHandler.logger(level: .trace)
        let binary = Client(transport: Self.transport(clock, contentType: "image/png", body: "PNG....")).logging(to: binaryLogger, configuration, clock: clock)
        var streamed = try itemsRequest(.post)
        streamed.body = .singlePass(AsyncStream<Data> { continuation in
            continuation.yield(Data("streamed-secret".utf8))
            continuation.finish()
        })
        try streamed.setHeader("Content-Type", "text/plain")
        _ = try await binary.send(streamed)
        #expect(!binaryLines.all.contains { $0.message.contains("body (") })
    }

    @Test("a streamed response ends its line when read to the end, when dropped, or when it fails")
    func streamedEnds() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger()
        let chunks = ["ab", "cd", "ef"]
        let failing = Flag()
        let transport = RecordingTransport { request in
            let body = ResponseBody(length: nil, chunks: BodyChunks(makeNext: {
                let failHere = failing.isRaised
                var index = 0
                return {
                    defer { index += 1 }
                    if failHere, index == 1 { throw NetworkError(.connectionClosed, message: "the peer reset the connection.") }
                    return index < chunks.count ? Data(chunks[index].utf8) : nil
                }
            }))
            return ClientResponse(head: HTTPResponse(status: .ok), body: body, request: request)
        }
        let client = Client(transport: transport).logging(to: logger, clock: clock)

        let read = try await client.send(try itemsRequest())
        #expect(lines.all.count == 1, "no end line before the body is over")
        _ = try await read.body.collect(upTo: 100)
        #expect(lines.all.last?.message.hasSuffix("0.0 ms, 6 bytes") == true)

        do {
            _ = try await client.send(try itemsRequest())
        }
        #expect(lines.all.last?.message.contains("dropped unread") == true)

        failing.raise()
        let broken = try await client.send(try itemsRequest())
        await #expect(throws: NetworkError.self) { _ = try await broken.body.collect(upTo: 100) }
        #expect(lines.all.last?.level == .error)
        #expect(lines.all.last?.message.contains("2 bytes, then the body failed: ") == true)
        #expect(lines.all.last?.message.contains("kind:     connectionClosed") == true)
    }

    @Test("inside a retrying layer every attempt is logged with its attempt number")
    func attempts() async throws {
        let clock = TestClock()
        let (logger, lines) = CapturingLogHandler.logger()
        let answers = Recorded<Int>()
        let transport = RecordingTransport { request in
            answers.append(0)
            return stubResponse(answers.all.count == 1 ? 503 : 200, for: request)
        }
        let client = Client(transport: transport).logging(to: logger, clock: clock).retrying(.immediate(maxAttempts: 2)).numbered()
        _ = try await client.send(try itemsRequest())
        #expect(lines.all.map(\.message) == [
            "#1 --> GET https://api.example.com/items",
            "#1 <-- 503 Service Unavailable GET https://api.example.com/items 0.0 ms, 0 bytes",
            "#1 --> GET https://api.example.com/items (attempt 2)",
            "#1 <-- 200 OK GET https://api.example.com/items 0.0 ms, 0 bytes",
        ])
    }
}
