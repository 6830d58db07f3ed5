import Clocks
import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("Recording exchanges as HAR", .timeLimit(.minutes(1)))
struct HARRecordingTests {
    static let secrets = ["secret-token", "secret-key", "secret-cookie", "secret-sid", "secret-access", "secret-password", "secret-api-header"]

    @Test("no secret reaches the file: headers, query, cookies, Location and text bodies are redacted")
    func noSecretInFile() async throws {
        var get = try ClientRequest(url: "https://api.example.com/me?tag=swift&api_key=secret-key")
        try get.setHeader("Authorization", "Bearer secret-token")
        try get.setHeader("Cookie", "theme=dark; session=secret-cookie")
        try get.setHeader("X-Api-Key", "secret-api-header")
        var post = try ClientRequest(.post, url: "https://api.example.com/login")
        try post.setHeader("Content-Type", "application/json")
        post.body = .text(#"{"user":"ada","password":"secret-password"}"#)
        let recorder = RecordingTransport(wrapping: AnsweringTransport { request in
            cannedResponse(
                200,
                headers: [
                    .contentType: "application/json", .setCookie: "sid=secret-sid; Path=/; HttpOnly",
                    .location: "https://api.example.com/next?token=secret-token",
                ],
                body: Data(#"{"access_token":"secret-access","name":"Ada"}"#.utf8),
                for: request
            )
        })
        let first = try await recorder.send(get)
        _ = try await recorder.send(post)
        let text = String(decoding: try recorder.harData(), as: UTF8.self)

        for secret in Self.secrets {
            #expect(!text.contains(secret), "\(secret) is in the HAR file")
        }
        // The whole Cookie field is a secret, so every cookie value is hidden; what is not secret stays,
        // and the caller still gets the real bytes.
        let request = try #require(recorder.har.log.entries.first?.request)
        #expect(request.cookies == [HAR.Cookie(name: "theme", value: "<redacted>"), HAR.Cookie(name: "session", value: "<redacted>")])
        #expect(request.queryString == [HAR.NameValue(name: "tag", value: "swift"), HAR.NameValue(name: "api_key", value: "<redacted>")])
        #expect(request.url == "https://api.example.com/me?tag=swift&api_key=<redacted>")
        #expect(text.contains(#"\"access_token\":\"<redacted>\",\"name\":\"Ada\""#))
        #expect(text.contains("https://api.example.com/next?token=<redacted>"))
        let delivered = try await first.body.collect(upTo: 1000)
        #expect(String(decoding: delivered, as: UTF8.self).contains("secret-access"))
    }

    @Test("timings and start times come from the injected clock, and the same exchanges give the same bytes")
    func deterministicTimings() async throws {
        func record() async throws -> (HAR, Data) {
            let clock = TestClock()
            let transport = AnsweringTransport { request in
                try await clock.sleep(for: .milliseconds(120))   // until the head
                let body = ResponseBody(length: nil, chunks: BodyChunks(makeNext: {
                    var sent = false
                    return {
                        guard !sent else { return nil }
                        sent = true
                        try await clock.sleep(for: .milliseconds(30))   // the body
                        return Data("[1,2,3]".utf8)
                    }
                }))
                return ClientResponse(head: HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), body: body, request: request)
            }
            let recorder = RecordingTransport(wrapping: transport, clock: clock, startDate: Date(timeIntervalSince1970: 1_714_555_800))
            for path in ["/a", "/b"] {
                let request = try ClientRequest(url: "https://api.example.com" + path)
                _ = try await driving(clock) { try await recorder.send(request) }
            }
            return (recorder.har, try recorder.harData())
        }
        let (har, data) = try await record()
        let (_, again) = try await record()

        #expect(data == again)
        #expect(try HAR(data: data) == har)
        #expect(har.log.version == "1.2")
        #expect(har.log.entries.map(\.startedDateTime) == ["2024-05-01T09:30:00.000Z", "2024-05-01T09:30:00.150Z"])
        #expect(har.log.entries.map(\.timings) == Array(repeating: HAR.Timings(send: 0, wait: 120, receive: 30), count: 2))
        #expect(har.log.entries.map(\.time) == [150, 150])
        let content = try #require(har.log.entries.first?.response.content)
        #expect(content == HAR.Content(size: 7, mimeType: "application/json", text: "[1,2,3]"))
        #expect(har.log.entries.first?.response.statusText == "OK")
    }

    @Test("a body that is not UTF-8 is written as base64 and handed on unchanged")
    func binaryBody() async throws {
        let bytes = Data([0xFF, 0x00, 0x01, 0x80])
        let recorder = RecordingTransport(wrapping: AnsweringTransport { request in
            cannedResponse(200, headers: [.contentType: "application/octet-stream"], body: bytes, for: request)
        })
        var request = try ClientRequest(.put, url: "https://api.example.com/blob")
        request.body = .bytes(bytes)
        let answer = try await recorder.send(request)
        let delivered = try await answer.body.collect(upTo: 100)

        #expect(delivered == bytes)
        let entry = try #require(recorder.har.log.entries.first)
        #expect(entry.response.content.text == "/wABgA==")
        #expect(entry.response.content.encoding == "base64")
        #expect(entry.request.postData == HAR.PostData(mimeType: "", text: "/wABgA==", encoding: "base64"))
        #expect(String(decoding: try recorder.harData(), as: UTF8.self).contains(#""_encoding" : "base64""#))
    }

    @Test("request bodies: in memory and replayable streams are recorded, a single-pass stream is noted, and the transport still gets every byte")
    func requestBodies() async throws {
        let received = Recorded<Data>()
        let recorder = RecordingTransport(wrapping: AnsweringTransport { request in
            var data = Data()
            for try await chunk in try request.body.chunks() { data.append(chunk) }
            received.append(data)
            return cannedResponse(204, body: Data(), for: request)
        })
        let chunks = ["ab", "cd", "ef"].map { Data($0.utf8) }
        var bodies: [RequestBody] = [
            .text("in memory"),
            .stream(length: 6) { AsyncStream { continuation in chunks.forEach { continuation.yield($0) }; continuation.finish() } },
            .singlePass(length: 6, AsyncStream { continuation in chunks.forEach { continuation.yield($0) }; continuation.finish() }),
        ]
        bodies.append(.empty)
        for body in bodies {
            var request = try ClientRequest(.post, url: "https://api.example.com/upload")
            request.body = body
            _ = try await recorder.send(request)
        }
        let requests = recorder.har.log.entries.map(\.request)

        #expect(received.all == ["in memory", "abcdef", "abcdef", ""].map { Data($0.utf8) })
        #expect(requests.map(\.postData?.text) == ["in memory", "abcdef", nil, nil])
        #expect(requests[2].postData?.comment?.hasPrefix("not recorded: a single-pass stream") == true)
        #expect(requests.map(\.bodySize) == [9, 6, 6, 0])
        #expect(requests[3].postData == nil)
    }

    @Test("a response body past maxResponseBodySize fails with bodyTooLarge and is not recorded")
    func bodyLimit() async throws {
        let recorder = RecordingTransport(wrapping: AnsweringTransport { request in
            cannedResponse(200, body: Data(count: 11), for: request)
        })
        var request = try ClientRequest(url: "https://api.example.com/big")
        request.options.maxResponseBodySize = 10
        let result = await outcomeOf { try await recorder.send(request) }

        #expect(result.failureKind == .bodyTooLarge)
        #expect(recorder.har.log.entries.isEmpty)
    }

    @Test("entries are in the order their requests started, not finished")
    func startOrder() async throws {
        let gates = ["/slow": Gate(), "/fast": Gate()]
        let arrived = Recorded<String>()
        let recorder = RecordingTransport(wrapping: AnsweringTransport { request in
            let path = request.head.path ?? ""
            arrived.append(path)
            await gates[path]?.wait()
            return cannedResponse(200, body: Data(path.utf8), for: request)
        })
        let slow = Task { try await recorder.send(try ClientRequest(url: "https://api.example.com/slow")) }
        try await eventually { arrived.all.count == 1 }
        let fast = Task { try await recorder.send(try ClientRequest(url: "https://api.example.com/fast")) }
        try await eventually { arrived.all.count == 2 }
        await gates["/fast"]?.open()
        _ = try await fast.value
        #expect(recorder.har.log.entries.map(\.request.url) == ["https://api.example.com/fast"])
        await gates["/slow"]?.open()
        _ = try await slow.value

        #expect(recorder.har.log.entries.map(\.request.url) == ["https://api.example.com/slow", "https://api.example.com/fast"])
    }

    @Test("write(to:) writes harData(), and a file that cannot be written fails with transportFailed")
    func writing() async throws {
        let har = try await recordedHAR([try ClientRequest(url: "https://api.example.com/a")]) { request in
            cannedResponse(200, body: Data("a".utf8), for: request)
        }
        let recorder = RecordingTransport(wrapping: ReplayingTransport(har), startDate: Date(timeIntervalSince1970: 0))
        _ = try await recorder.send(try ClientRequest(url: "https://api.example.com/a"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: url) }
        try recorder.write(to: url)
        let written = try Data(contentsOf: url)

        #expect(written == (try recorder.harData()))
        #expect(try HAR(data: written).log.entries.map(\.response.content.text) == ["a"])
        let failure = Result { try recorder.write(to: URL(fileURLWithPath: "/nonexistent-dir/x.har")) }
        #expect(failure.failureKind == .transportFailed)
    }
}
