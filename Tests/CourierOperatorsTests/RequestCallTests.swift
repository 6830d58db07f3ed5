import Clocks
import Courier
import CourierOperators
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@Suite("requestCall, request(timeout:), decodeJSON and retry's default judgement, against the test server", .timeLimit(.minutes(1)))
struct RequestCallTests {
    @Test("text that is no http(s) URL fails the call with invalidURL, and nothing is sent", arguments: [
        "not a url at all", "ftp://127.0.0.1/file", "/relative/path", "",
    ])
    func invalidURL(_ text: String) async throws {
        try await withClient { client, server in
            let call = text |> URL.init(string:) >=> request(timeout: .seconds(30)) |> client.requestCall
            let error = await failure(of: call)
            #expect(error?.kind == .invalidURL)
            let total = await server.totalHits()
            #expect(total == 0)
        }
    }

    @Test("request(_:timeout:) sets the method and the timeout option")
    func requestSettings() throws {
        let made = "https://example.com/articles?tag=swift" |> URL.init(string:) >=> request(.put, timeout: .seconds(30))
        let built = try #require(made)
        #expect(built.method == .put)
        #expect(built.options.timeout == .seconds(30))
        #expect(built.url?.absoluteString == "https://example.com/articles?tag=swift")
    }

    @Test("a status outside 2xx fails with unacceptableStatus, carrying the response and its body")
    func unacceptableStatus() async throws {
        try await withClient { client, server in
            let call = "\(server.baseURL)/status/404" |> URL.init(string:) >=> request() |> client.requestCall
            let failed = await failure(of: call)
            let error = try #require(failed)
            #expect(error.kind == .unacceptableStatus(404))
            let response = try #require(error.response)
            #expect(response.status.code == 404)
            let body = try await response.body.collect(upTo: 1024)
            #expect(String(decoding: body, as: UTF8.self).contains("\"status\":404"))
        }
    }

    @Test("decodeJSON fails with decodingFailed naming the key, and emptyBody for no body")
    func decodingFailures() async throws {
        try await withClient { client, server in
            let wrongShape = "\(server.baseURL)/echo" |> URL.init(string:) >=> request() |> client.requestCall
                <&> decodeJSON(AgeGuess.self)
            let mismatch = await failure(of: wrongShape)
            #expect(mismatch?.kind == .decodingFailed(codingPath: "name"))

            let empty = "\(server.baseURL)/status/204" |> URL.init(string:) >=> request() |> client.requestCall
                <&> decodeJSON(AgeGuess.self)
            let nothing = await failure(of: empty)
            #expect(nothing?.kind == .emptyBody)
        }
    }

    @Test("retry's default: a 404 is not retried, nor a POST's 503; a POST with an Idempotency-Key is")
    func defaultRetryJudgement() async throws {
        try await withClient { client, server in
            let clock = TestClock()
            let retrying = retry(client.requestCall, policy: .constant(.seconds(1), maxAttempts: 3), clock: clock)

            let missing = "\(server.baseURL)/status/404" |> URL.init(string:) >=> request() |> retrying
            // Driven, so that a wrongly retried call fails on its hit count instead of waiting forever.
            let notFound = try await driving(clock) { await failure(of: missing) }
            #expect(notFound?.kind == .unacceptableStatus(404))

            let post = "\(server.baseURL)/flaky/post" |> URL.init(string:) >=> request(.post) |> retrying
            let unavailable = try await driving(clock) { await failure(of: post) }
            #expect(unavailable?.kind == .unacceptableStatus(503))

            let keyed = "\(server.baseURL)/flaky/keyed"
                |>  URL.init(string:)
                >=> request(.post)
                |>  setHeader("Idempotency-Key", "order-42")
                |>  retrying
                <&> decodeJSON(TestServer.FlakyReply.self)
            let reply = try await driving(clock) { try await keyed.run() }
            #expect(reply.attempt == 3)

            let notFoundHits = await server.hits("/status/404")
            let postHits = await server.hits("/flaky/post")
            let keyedHits = await server.hits("/flaky/keyed")
            #expect(notFoundHits == 1)
            #expect(postHits == 1)
            #expect(keyedHits == 3)
        }
    }

    @Test("retry with a caller's isRetryable: a 404 is retried when the caller says so")
    func customRetryJudgement() async throws {
        try await withClient { client, server in
            let clock = TestClock()
            let call = "\(server.baseURL)/status/404"
                |>  URL.init(string:)
                >=> request()
                |>  retry(client.requestCall, policy: .immediate(maxAttempts: 4), clock: clock, isRetryable: { _ in true })
            let error = try await #require(throws: NetworkError.self) {
                try await driving(clock) { try await call.run() }
            }
            #expect(error.kind == .unacceptableStatus(404))
            let hits = await server.hits("/status/404")
            #expect(hits == 4)
        }
    }
}
