import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue #22: the defaults and messages a newcomer meets first.
@Suite("Newcomer defaults and messages", .timeLimit(.minutes(1)))
struct NewcomerDefaultsTests {
    /// Answers `/old` with a 302 to `/new`, everything else with 200.
    static func redirecting() -> RecordingTransport {
        RecordingTransport { request in
            if request.head.path == "/old" {
                var head = HTTPResponse(status: .found)
                head.headerFields[.location] = "/new"
                return ClientResponse(head: head, request: request)
            }
            return ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(Data("{}".utf8)), request: request)
        }
    }

    @Test("Client.standard follows a redirect and sends User-Agent: Courier/<version>")
    func standardFollowsAndIdentifies() async throws {
        let transport = Self.redirecting()
        let client = Client.standard(transport: transport)
        let response = try await client.send(try ClientRequest(url: "https://api.test/old"))
        #expect(response.status == .ok)
        #expect(transport.requests.map(\.head.path) == ["/old", "/new"])
        #expect(transport.requests.allSatisfy { $0.head.headerFields[.userAgent] == Client.defaultUserAgent })
        #expect(Client.defaultUserAgent.hasPrefix("Courier/"))
    }

    @Test("Client.standard keeps a cookie set by a redirect hop for the next hop and later requests")
    func standardKeepsCookies() async throws {
        let transport = RecordingTransport { request in
            if request.head.path == "/login" {
                var head = HTTPResponse(status: .found)
                head.headerFields[.location] = "/home"
                head.headerFields[.setCookie] = "session=abc; Path=/"
                return ClientResponse(head: head, request: request)
            }
            return ClientResponse(head: HTTPResponse(status: .ok), request: request)
        }
        let client = Client.standard(transport: transport)
        _ = try await client.send(try ClientRequest(url: "https://api.test/login"))
        _ = try await client.send(try ClientRequest(url: "https://api.test/later"))
        #expect(transport.requests.map(\.head.path) == ["/login", "/home", "/later"])
        #expect(transport.requests.map { $0.head.headerFields[.cookie] } == [nil, "session=abc", "session=abc"])
    }

    @Test("each default of Client.standard turns off")
    func standardDefaultsTurnOff() async throws {
        let transport = Self.redirecting()
        let client = Client.standard(transport: transport, redirects: nil, cookies: nil, userAgent: nil)
        let response = try await client.send(try ClientRequest(url: "https://api.test/old"))
        #expect(response.status == .found)
        #expect(transport.requests.count == 1)
        #expect(transport.requests[0].head.headerFields[.userAgent] == nil)
    }

    @Test("a redirect no layer followed says how to follow it")
    func unfollowedRedirectHint() async throws {
        let client = Client(transport: Self.redirecting()).targeting(try Server(url: "https://api.test"))
        let error = try await #require(throws: NetworkError.self) { try await client.send(Endpoint<Data>(path: "/old")) }
        #expect(error.kind == .unacceptableStatus(302))
        #expect(error.description.contains("hint:     a redirect that no layer followed: add .followingRedirects() to the client (Client.standard has it)"))
    }

    @Test("a request's own User-Agent is kept")
    func ownUserAgentKept() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).sendingUserAgent("Reader/2.1")
        _ = try await client.send(try ClientRequest(url: "https://api.test/a", headers: ["User-Agent": "Mine/1"]))
        _ = try await client.send(try ClientRequest(url: "https://api.test/b"))
        #expect(transport.requests.map { $0.head.headerFields[.userAgent] } == ["Mine/1", "Reader/2.1"])
    }

    @Test("a request's own timeout replaces the client's timingOut limit, longer or shorter")
    func requestTimeoutRaisesClientLimit() async throws {
        let clock = TestClock()
        let seen = Recorded<Duration?>()
        let transport = RecordingTransport { request in
            seen.append(request.options.deadline?.remaining)
            return ClientResponse(head: HTTPResponse(status: .ok), request: request)
        }
        let client = Client(transport: transport)
            .timingOut(after: .seconds(1), clock: clock)   // per attempt, inside: keeps its own limit
            .timingOut(after: .seconds(10), clock: clock)  // the client's limit
        var slow = try ClientRequest(url: "https://api.test/export")
        slow.options.timeout = .seconds(60)
        _ = try await client.send(slow)
        _ = try await client.send(try ClientRequest(url: "https://api.test/export"))
        // The per-attempt layer keeps 1 s under both; the outer limit moved to 60 s for the first request.
        #expect(seen.all == [.seconds(1), .seconds(1)])

        let outer = Recorded<Duration?>()
        let single = Client(transport: RecordingTransport { request in
            outer.append(request.options.deadline?.remaining)
            return ClientResponse(head: HTTPResponse(status: .ok), request: request)
        }).timingOut(after: .seconds(10), clock: clock)
        _ = try await single.send(slow)
        var quick = try ClientRequest(url: "https://api.test/ping")
        quick.options.timeout = .milliseconds(250)
        _ = try await single.send(quick)
        #expect(outer.all == [.seconds(60), .milliseconds(250)])
    }

    @Test("timeout messages round the limit and say whether the head or the body was late")
    func timeoutMessages() throws {
        var request = try ClientRequest(url: "https://api.test/slow")
        request.options.timeout = .seconds(5) - .nanoseconds(1_572)
        let noAnswer = NetworkError(.timedOut, request: request)
        #expect(noAnswer.description.contains("hint:     the server did not answer in time (5 s); raise RequestOptions.timeout"))
        let response = ClientResponse(head: HTTPResponse(status: .ok), request: request)
        let slowBody = NetworkError(.timedOut, request: request, response: response)
        #expect(slowBody.description.contains("hint:     the response began but its body did not finish in time (5 s)"))
        #expect(!slowBody.description.contains("4.99"))
    }

    @Test("durations print as a person writes them", arguments: [
        (Duration.seconds(5), "5 s"), (.milliseconds(1_500), "1.5 s"), (.milliseconds(250), "250 ms"),
        (.seconds(5) - .nanoseconds(1_572), "5 s"), (.milliseconds(1_005), "1.005 s"), (.seconds(90), "90 s"),
        (.seconds(Int64.max), "9223372036854775807 s"),   // "no limit", written as the largest one: no overflow
    ])
    func readableDurations(_ duration: Duration, _ text: String) throws {
        var request = try ClientRequest(url: "https://api.test/")
        request.options.timeout = duration
        #expect(NetworkError(.timedOut, request: request).description.contains("in time (\(text))"))
    }

    @Test("after three 503s the endpoint's error says attempt 3, after 2 retries")
    func attemptsInTheError() async throws {
        let transport = RecordingTransport(status: .serviceUnavailable, body: "")
        let client = Client(transport: transport).retrying(.immediate(maxAttempts: 3)).targeting(try Server(url: "https://api.test"))
        let error = try await #require(throws: NetworkError.self) {
            try await client.send(Endpoint<Data>(path: "/items"))
        }
        #expect(transport.requests.count == 3)
        #expect(error.kind == .unacceptableStatus(503))
        #expect(error.attempt == 3)
        #expect(error.description.contains("attempt:  3 (after 2 retries)"))
    }

    @Test("a ? in an endpoint's literal path starts the query; in a value it is data")
    func questionMarkInPath() throws {
        let term = "a&b?c"
        let endpoint = Endpoint<Data>(path: "/search?q=\(term)&sort=new", query: [URLQueryItem(name: "page", value: "2")])
        let request = try endpoint.makeRequest()
        #expect(request.head.path == "/search?q=a%26b%3Fc&sort=new&page=2")
        let plain = Endpoint<Data>(path: RequestPath("/find?x=1 2"))
        #expect(try plain.makeRequest().head.path == "/find?x=1%202")
        let value = "what?"
        #expect(try Endpoint<Data>(path: "/q/\(value)").makeRequest().head.path == "/q/what%3F")
        let trailing = Endpoint<Data>(path: "/search?", query: [URLQueryItem(name: "a", value: "1")])
        #expect(try trailing.makeRequest().head.path == "/search?a=1")
        // A server's base path is path text: a `?` in it is data, never the start of a query.
        let server = Server(host: "api.test", basePath: "/api?v=2")
        #expect(try server.resolve(try ClientRequest(.get, path: "/users")).head.path == "/api%3Fv=2/users")
    }
}
