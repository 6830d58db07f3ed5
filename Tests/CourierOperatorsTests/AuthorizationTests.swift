import Courier
import CourierOperators
import CourierTesting
import Foundation
import Testing

/// FunNetworking's examples 3.1–3.3, against `/echo`, which answers with the headers it received.
struct EchoExamples: Sendable {
    let base: String
    let client: Client

    func withBasicAuth(_ name: String) -> Call<TestServer.Echo> {
        "\(base)/echo/agify?name=\(name)"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  authorization(.basic(username: "guest", password: "guest"))
            |>  client.requestCall
            <&> decodeJSON(TestServer.Echo.self)
    }

    func withOAuth(_ name: String) -> Call<TestServer.Echo> {
        "\(base)/echo/agify?name=\(name)"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  authorization(.bearer("secret-token-123"))
            |>  client.requestCall
            <&> decodeJSON(TestServer.Echo.self)
    }

    func withCustom(_ name: String) -> Call<TestServer.Echo> {
        "\(base)/echo/agify?name=\(name)"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  authorization(.custom(field: "CustomField", data: "5-53455345g"))
            |>  client.requestCall
            <&> decodeJSON(TestServer.Echo.self)
    }
}

@Suite("authorization(_:), setHeader(_:_:) and setHeaders(_:) put headers on a pipeline's request", .timeLimit(.minutes(1)))
struct AuthorizationTests {
    @Test("example 3.1: basic authorization arrives as Basic base64(guest:guest), with the query")
    func basic() async throws {
        try await withClient { client, server in
            let echo = try await EchoExamples(base: server.baseURL, client: client).withBasicAuth("Jane").run()
            #expect(echo.headers["authorization"] == "Basic Z3Vlc3Q6Z3Vlc3Q=")
            #expect(echo.path == "/echo/agify")
            #expect(echo.queryItems == [TestServer.Echo.QueryItem(name: "name", value: "Jane")])
        }
    }

    @Test("example 3.2: bearer authorization arrives as Bearer <token>")
    func bearer() async throws {
        try await withClient { client, server in
            let echo = try await EchoExamples(base: server.baseURL, client: client).withOAuth("Jane").run()
            #expect(echo.headers["authorization"] == "Bearer secret-token-123")
        }
    }

    @Test("example 3.3: custom authorization arrives as <field> <data>")
    func custom() async throws {
        try await withClient { client, server in
            let echo = try await EchoExamples(base: server.baseURL, client: client).withCustom("Jane").run()
            #expect(echo.headers["authorization"] == "CustomField 5-53455345g")
        }
    }

    @Test("setHeader, setHeaders and an API key in the query go on the request in pipeline order; a later header wins")
    func headerSteps() async throws {
        try await withClient { client, server in
            let call = "\(server.baseURL)/echo/headers"
                |>  URL.init(string:)
                >=> request()
                |>  setHeader("X-Trace", "first")
                |>  setHeaders(["X-Trace": "second", "Accept-Language": "sv"])
                |>  authorization(.apiKey("k-42", queryParameter: "api_key"))
                |>  client.requestCall
                <&> decodeJSON(TestServer.Echo.self)
            let echo = try await call.run()
            #expect(echo.headers["x-trace"] == "second")
            #expect(echo.headers["accept-language"] == "sv")
            #expect(echo.queryItems == [TestServer.Echo.QueryItem(name: "api_key", value: "k-42")])
        }
    }

    @Test("a credential that cannot be a header value fails the call with invalidHeader, and nothing is sent")
    func invalidCredential() async throws {
        try await withClient { client, server in
            let call = "\(server.baseURL)/echo"
                |>  URL.init(string:)
                >=> request()
                |>  authorization(.bearer("token\r\nX-Injected: yes"))
                |>  setHeader("X-Trace", "after the failure")
                |>  client.requestCall
            let error = await failure(of: call)
            #expect(error?.kind == .invalidHeader(name: "authorization"))
            let total = await server.totalHits()
            #expect(total == 0)
        }
    }
}
