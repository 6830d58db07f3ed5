import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("Replaying recorded exchanges", .timeLimit(.minutes(1)))
struct ReplayingTransportTests {
    /// GET /a (answers "a1"), GET /b ("b"), GET /a again ("a2"), recorded in that order.
    static func abaRecording() async throws -> HAR {
        let count = Recorded<Int>()
        return try await recordedHAR(["/a", "/b", "/a"].map { try ClientRequest(url: "https://api.example.com" + $0) }) { request in
            count.append(1)
            let path = request.head.path ?? ""
            let text = path == "/b" ? "b" : "a\(count.all.count == 1 ? 1 : 2)"
            return cannedResponse(200, headers: [.contentType: "text/plain"], body: Data(text.utf8), for: request)
        }
    }

    static func text(_ transport: ReplayingTransport, _ path: String) async throws -> String {
        let answer = try await transport.send(try ClientRequest(url: "https://api.example.com" + path))
        return String(decoding: try await answer.body.collect(upTo: 1000), as: UTF8.self)
    }

    @Test("in order, each request gets the next entry")
    func inOrder() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording(), mode: .inOrder)
        var texts: [String] = []
        for path in ["/a", "/b", "/a"] {
            texts.append(try await Self.text(replay, path))
        }

        #expect(texts == ["a1", "b", "a2"])
        #expect(replay.unusedEntries.isEmpty)
    }

    @Test("in order, a request out of place fails with transportFailed naming it and the entry expected next")
    func inOrderMismatch() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording(), mode: .inOrder)
        _ = try await Self.text(replay, "/a")
        let result = await outcomeOf { try await Self.text(replay, "/a") }

        #expect(result.failureKind == .transportFailed)
        let error = try #require(result.networkError)
        let message = try #require(error.message)
        #expect(message.contains("no recorded response for GET https://api.example.com/a"))
        #expect(message.contains("entry 2 of 3 was expected next: GET https://api.example.com/b"))
        #expect(error.request?.url?.absoluteString == "https://api.example.com/a")
        // The mismatch consumed nothing: the expected request still gets its entry.
        let b = try await Self.text(replay, "/b")
        #expect(b == "b")
    }

    @Test("in order, a request after the last entry fails saying every entry has answered")
    func inOrderExhausted() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording(), mode: .inOrder)
        for path in ["/a", "/b", "/a"] { _ = try await Self.text(replay, path) }
        let result = await outcomeOf { try await Self.text(replay, "/a") }

        #expect(result.failureKind == .transportFailed)
        #expect(result.networkError?.message?.contains("all 3 recorded entries have answered") == true)
    }

    @Test("by match, a request gets the first unused matching entry, once")
    func byMatch() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording(), mode: .byMatch)
        var texts: [String] = []
        for path in ["/b", "/a", "/a"] {
            texts.append(try await Self.text(replay, path))
        }
        let again = await outcomeOf { try await Self.text(replay, "/a") }

        #expect(texts == ["b", "a1", "a2"])
        #expect(again.failureKind == .transportFailed)
        #expect(again.networkError?.message?.contains("its 2 matching entries have answered already; none is left unused") == true)
    }

    @Test("by match with reuse, the last matching entry answers again once every match has answered")
    func byMatchReusing() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording(), mode: .byMatch(reusingEntries: true))
        var texts: [String] = []
        for path in ["/a", "/a", "/a", "/b", "/b"] {
            texts.append(try await Self.text(replay, path))
        }

        #expect(texts == ["a1", "a2", "a2", "b", "b"])
    }

    @Test("a request that was not recorded fails with its method and redacted URL, and lists what is left")
    func notRecorded() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording(), mode: .byMatch)
        let result = await outcomeOf {
            try await replay.send(try ClientRequest(.delete, url: "https://api.example.com/c?api_key=secret-key"))
        }

        #expect(result.failureKind == .transportFailed)
        let message = try #require(result.networkError?.message)
        #expect(message.contains("no recorded response for DELETE https://api.example.com/c?api_key=<redacted>: no recorded entry matches it; unused: GET https://api.example.com/a, GET https://api.example.com/b, GET https://api.example.com/a."))
        #expect(!"\(try #require(result.networkError))".contains("secret-key"))
    }

    @Test("secret query values match whatever was recorded, since both sides are compared redacted")
    func redactedQueryMatches() async throws {
        let har = try await recordedHAR([try ClientRequest(url: "https://api.example.com/me?api_key=first")]) { request in
            cannedResponse(200, body: Data("me".utf8), for: request)
        }
        let replay = ReplayingTransport(har)
        let answer = try await replay.send(try ClientRequest(url: "https://api.example.com/me?api_key=second"))

        #expect(answer.status == .ok)
    }

    @Test("with matchingBodies, the body picks the entry; without, the first match answers")
    func matchingBodies() async throws {
        func query(_ text: String) throws -> ClientRequest {
            var request = try ClientRequest(.post, url: "https://api.example.com/graphql")
            request.body = .text(text)
            return request
        }
        let har = try await recordedHAR([try query("{ a }"), try query("{ b }")]) { request in
            let body = String(decoding: request.body.bufferedData ?? Data(), as: UTF8.self)
            return cannedResponse(200, body: Data("answer to \(body)".utf8), for: request)
        }
        let byBody = ReplayingTransport(har, mode: .byMatch, matchingBodies: true)
        let byURL = ReplayingTransport(har, mode: .byMatch)
        let b = try await byBody.send(try query("{ b }")).body.collect(upTo: 100)
        let first = try await byURL.send(try query("{ b }")).body.collect(upTo: 100)
        let unknown = await outcomeOf { try await byBody.send(try query("{ c }")) }

        #expect(String(decoding: b, as: UTF8.self) == "answer to { b }")
        #expect(String(decoding: first, as: UTF8.self) == "answer to { a }")
        #expect(unknown.failureKind == .transportFailed)
        #expect(unknown.networkError?.message?.contains("POST https://api.example.com/graphql with this body") == true)
    }

    @Test("headers replay as recorded, redacted ones as the marker; Content-Length follows the scrubbed body")
    func replayedHead() async throws {
        let original = Data(#"{"access_token":"abc","user":"ada"}"#.utf8)
        let har = try await recordedHAR([try ClientRequest(.post, url: "https://api.example.com/login")]) { request in
            cannedResponse(
                201,
                headers: [.contentType: "application/json", .contentLength: "\(original.count)", .setCookie: "sid=1"],
                body: original, for: request
            )
        }
        let answer = try await ReplayingTransport(har).send(try ClientRequest(.post, url: "https://api.example.com/login"))
        let body = try await answer.body.collect(upTo: 1000)

        #expect(String(decoding: body, as: UTF8.self) == #"{"access_token":"<redacted>","user":"ada"}"#)
        #expect(answer.status.code == 201)
        #expect(answer.head.headerFields[.setCookie] == "<redacted>")
        #expect(answer.head.headerFields[.contentLength] == "\(body.count)")
        #expect(answer.head.headerFields[.contentType] == "application/json")
    }

    @Test("a HAR written by a browser replays: unknown fields ignored, pseudo-headers and Content-Encoding dropped")
    func foreignHAR() async throws {
        let json = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [],
          "entries": [{
            "_initiator": {"type": "script"}, "startedDateTime": "2024-05-01T09:30:00.123+02:00", "time": 12.5,
            "request": {"method": "GET", "url": "https://api.example.com/items?token=abc", "httpVersion": "h2",
              "headers": [{"name": ":authority", "value": "api.example.com"}], "queryString": [], "cookies": [],
              "headersSize": -1, "bodySize": 0},
            "response": {"status": 200, "statusText": "", "httpVersion": "h2",
              "headers": [{"name": ":status", "value": "200"}, {"name": "content-encoding", "value": "gzip"},
                          {"name": "content-type", "value": "application/json"}],
              "cookies": [], "content": {"size": 7, "mimeType": "application/json", "text": "WzEsMl0=", "encoding": "base64"},
              "redirectURL": "", "headersSize": -1, "bodySize": 27, "_transferSize": 120},
            "cache": {}, "timings": {"blocked": 1, "dns": -1, "ssl": -1, "connect": -1, "send": 0.5, "wait": 10, "receive": 1}
          }]}}
        """#
        let replay = try ReplayingTransport(harData: Data(json.utf8))
        let answer = try await replay.send(try ClientRequest(url: "https://api.example.com/items?token=other"))
        let body = try await answer.body.collect(upTo: 100)

        #expect(String(decoding: body, as: UTF8.self) == "[1,2]")
        #expect(answer.head.headerFields[.contentEncoding] == nil)
        #expect(answer.head.headerFields[.contentType] == "application/json")
        #expect(answer.head.headerFields.count == 1)
    }

    @Test("a file that cannot be read fails with transportFailed; a document that is not HAR with decodingFailed")
    func badInput() async throws {
        let missing = Result { try ReplayingTransport(contentsOf: URL(fileURLWithPath: "/nonexistent/recording.har")) }
        let notHAR = Result { try ReplayingTransport(harData: Data("{}".utf8)) }

        #expect(missing.failureKind == .transportFailed)
        #expect(missing.networkError?.message?.contains("/nonexistent/recording.har") == true)
        #expect(notHAR.failureKind == .decodingFailed(codingPath: "log"))
    }

    @Test("a cancelled task gets cancelled, and the entry stays for the next request")
    func cancelled() async throws {
        let replay = ReplayingTransport(try await Self.abaRecording())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcomeOf { try await replay.send(try ClientRequest(url: "https://api.example.com/a")) }
        }
        let result = await task.value

        #expect(result.failureKind == .cancelled)
        #expect(replay.unusedEntries.count == 3)
    }

    @Test("an entry with no HTTP status fails with invalidResponse")
    func noStatus() async throws {
        var har = try await Self.abaRecording()
        har.log.entries[0].response.status = 0
        let result = await outcomeOf { try await ReplayingTransport(har).send(try ClientRequest(url: "https://api.example.com/a")) }

        #expect(result.failureKind == .invalidResponse)
    }
}
