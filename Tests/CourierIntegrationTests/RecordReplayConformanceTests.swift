import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// Recording against the real test server on every transport, then replaying from the HAR file after
/// the server has stopped.
@Suite("Record against the test server, replay with it stopped", .timeLimit(.minutes(2)))
struct RecordReplayConformanceTests {
    /// What the calls of ``exercise(_:)`` decoded.
    struct Results: Equatable, Sendable {
        var articles: [TestArticle]
        var echo: TestServer.Echo
        var notFoundStatus: Int
        var notFoundBody: String
        var notFoundKind: NetworkError.Kind?
    }

    /// GET /articles with a bearer token and an API key in the query, a POST of JSON to /echo, and a
    /// 404 read raw and through an endpoint.
    static func exercise(_ client: Client) async throws -> Results {
        let articles = try await client.send(Endpoint<[TestArticle]>(
            path: "/articles",
            query: [URLQueryItem(name: "tag", value: "swift"), URLQueryItem(name: "api_key", value: "secret-key")],
            headers: ["Authorization": "Bearer secret-token"]
        ))
        let echo = try await client.send(Endpoint<TestServer.Echo>(method: .post, path: "/echo", body: .json(["note": "hello", "from": "recorder"])))
        let notFound = try await client.send(try ClientRequest(.get, path: "/articles/999"))
        let body = try await notFound.body.collect(upTo: 10_000)
        let decoded = await outcomeOf { try await client.send(Endpoint<TestArticle>(path: "/articles/998")) }
        return Results(
            articles: articles,
            echo: echo,
            notFoundStatus: notFound.status.code,
            notFoundBody: String(decoding: body, as: UTF8.self),
            notFoundKind: decoded.failureKind
        )
    }

    static let checkScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/check-har.py")

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-recording-\(UUID().uuidString).har")
    }

    @Test("a replay from the file gives the same decoded values and statuses as the live run", arguments: TransportUnderTest.allCases)
    func recordThenReplay(_ kind: TransportUnderTest) async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let (live, server) = try await TestServer.withRunning { testServer in
            try await kind.with { transport in
                let recorder = RecordingTransport(wrapping: transport)
                let results = try await Self.exercise(Client(transport: recorder).targeting(testServer.server))
                try recorder.write(to: file)
                return (results, testServer.server)
            }
        }
        // `withRunning` has returned: the server is stopped, and only the file can answer.
        let replay = try ReplayingTransport(contentsOf: file)
        let replayed = try await Self.exercise(Client(transport: replay).targeting(server))

        #expect(replayed == live)
        #expect(replay.unusedEntries.isEmpty)
        #expect(live.articles.map(\.id) == [1, 2])
        #expect(live.echo.method == "POST" && live.echo.body == #"{"from":"recorder","note":"hello"}"#)
        #expect(live.notFoundStatus == 404 && live.notFoundBody == #"{"error":"no article 999"}"#)
        #expect(live.notFoundKind == .unacceptableStatus(404))

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("secret-token"))
        #expect(!text.contains("secret-key"))
        #expect(text.contains(#""name" : "Authorization","#) && text.contains(#""value" : "<redacted>""#))
        #expect(text.contains("/articles?tag=swift&api_key=<redacted>"))

        let report = try await runShell("python3 '\(Self.checkScript.path)' '\(file.path)' --secret secret-token --secret secret-key")
        #expect(String(decoding: report, as: UTF8.self).contains("HAR 1.2, 4 entries, no secret found"))
    }

    @Test("requests that were not recorded, or come out of order, fail with transportFailed naming them", arguments: TransportUnderTest.allCases)
    func unrecordedAndOutOfOrder(_ kind: TransportUnderTest) async throws {
        let (har, server) = try await TestServer.withRunning { testServer in
            try await kind.with { transport in
                let recorder = RecordingTransport(wrapping: transport)
                _ = try await Self.exercise(Client(transport: recorder).targeting(testServer.server))
                return (recorder.har, testServer.server)
            }
        }
        let base = "http://127.0.0.1:\(server.port.map(String.init) ?? "")"
        let byMatch = Client(transport: ReplayingTransport(har, mode: .byMatch)).targeting(server)
        let inOrder = Client(transport: ReplayingTransport(har, mode: .inOrder)).targeting(server)

        let unrecorded = await outcomeOf { try await byMatch.send(try ClientRequest(.get, path: "/articles/1")) }
        #expect(unrecorded.failureKind == .transportFailed)
        let unrecordedMessage = (unrecorded.failureError as? NetworkError)?.message ?? ""
        #expect(unrecordedMessage.contains("no recorded response for GET \(base)/articles/1: no recorded entry matches it"))

        let early = await outcomeOf {
            try await inOrder.send(Endpoint<TestServer.Echo>(method: .post, path: "/echo", body: .json(["note": "hello", "from": "recorder"])))
        }
        #expect(early.failureKind == .transportFailed)
        let earlyMessage = (early.failureError as? NetworkError)?.message ?? ""
        #expect(earlyMessage.contains("no recorded response for POST \(base)/echo"))
        #expect(earlyMessage.contains("entry 1 of 4 was expected next: GET \(base)/articles?tag=swift&api_key=<redacted>"))
    }

    @Test("check-har.py fails on a secret in the file and on a missing required field")
    func checkerCanFail() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = RecordingTransport(wrapping: ReplayingTransport(HAR(log: HAR.Log(entries: [
            HAR.Entry(
                startedDateTime: "2024-05-01T09:30:00.000Z", time: 3,
                request: HAR.Request(method: "GET", url: "https://api.example.com/public-value", httpVersion: "HTTP/1.1", bodySize: 0),
                response: HAR.Response(status: 200, statusText: "OK", httpVersion: "HTTP/1.1",
                                       content: HAR.Content(size: 2, mimeType: "text/plain", text: "ok"), bodySize: 2),
                timings: HAR.Timings(send: 1, wait: 1, receive: 1)
            ),
        ]))))
        _ = try await recorder.send(try ClientRequest(url: "https://api.example.com/public-value"))
        try recorder.write(to: file)
        let command = "python3 '\(Self.checkScript.path)' '\(file.path)'"

        let clean = await outcomeOf { try await runShell(command + " --secret secret-token") }
        let leaked = await outcomeOf { try await runShell(command + " --secret public-value") }
        #expect(clean.failureError == nil)
        #expect((leaked.failureError as? ShellFailure)?.standardError.contains("the secret 'public-value' occurs in the file") == true)

        var broken = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        var log = broken["log"] as? [String: Any] ?? [:]
        var entries = log["entries"] as? [[String: Any]] ?? []
        entries[0]["timings"] = ["send": 0, "wait": 0]
        log["entries"] = entries
        log["creator"] = ["name": "x"]
        broken["log"] = log
        try JSONSerialization.data(withJSONObject: broken).write(to: file)
        let missing = await outcomeOf { try await runShell(command) }
        let errors = (missing.failureError as? ShellFailure)?.standardError ?? ""
        #expect(errors.contains("$.log.creator: missing required field 'version'"))
        #expect(errors.contains("$.log.entries[0].timings: missing required field 'receive'"))
    }
}


extension Result {
    /// The error, when it failed.
    var failureError: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
