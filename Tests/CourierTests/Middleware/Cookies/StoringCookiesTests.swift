@testable import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("The cookie middleware")
struct StoringCookiesTests {
    /// A transport that answers each path with the status and fields the test scripts for it.
    static func transport(_ script: @escaping @Sendable (String) -> (Int, HTTPFields)) -> RecordingTransport {
        RecordingTransport { request in
            let (status, fields) = script("\(request.head.authority ?? "")\(request.head.path ?? "")")
            return ClientResponse(head: HTTPResponse(status: .init(code: status), headerFields: fields), request: request)
        }
    }

    static func setCookies(_ values: String...) -> HTTPFields {
        HTTPFields(values.map { HTTPField(name: .setCookie, value: $0) })
    }

    @Test("every Set-Cookie of a response is stored, and later requests carry them")
    func storesAndSends() async throws {
        let jar = CookieJar()
        let transport = Self.transport { _ in (200, Self.setCookies("a=1", "b=2; Path=/")) }
        let client = Client(transport: transport).storingCookies(in: jar)
        _ = try await client.send(ClientRequest(url: "https://api.example.com/login"))
        _ = try await client.send(ClientRequest(url: "https://api.example.com/me"))
        #expect(transport.requests[0].head.headerFields[.cookie] == nil)
        #expect(transport.requests[1].head.headerFields[.cookie] == "a=1; b=2")
        #expect(jar.allCookies().count == 2)
    }

    @Test("a Cookie header the caller set is kept, and the jar's cookies follow it")
    func mergesWithCallersHeader() async throws {
        let jar = CookieJar()
        jar.storeCookies(from: ["jar=1", "id=fromJar"], for: try #require(URL(string: "https://api.example.com/")))
        let transport = Self.transport { _ in (200, [:]) }
        let client = Client(transport: transport).storingCookies(in: jar)
        _ = try await client.send(ClientRequest(url: "https://api.example.com/", headers: ["Cookie": "id=mine; theme=dark"]))
        #expect(transport.requests[0].head.headerFields[.cookie] == "id=mine; theme=dark; jar=1; id=fromJar")
    }

    @Test("inside followingRedirects, a cookie set by a 302 reaches the next hop of the same chain")
    func cookiesWithinOneRedirectChain() async throws {
        let jar = CookieJar()
        let transport = Self.transport { target in
            switch target {
            case "example.com/login": (302, [.location: "/welcome", .setCookie: "session=s1; Path=/; HttpOnly"])
            case "example.com/welcome": (303, [.location: "https://other.example.net/landing", .setCookie: "seen=1"])
            case "other.example.net/landing": (200, Self.setCookies("theirs=x"))
            default: (404, [:])
            }
        }
        let client = Client(transport: transport).storingCookies(in: jar).followingRedirects()
        let response = try await client.send(ClientRequest(url: "https://example.com/login"))
        #expect(response.status.code == 200)
        let cookies = transport.requests.map { $0.head.headerFields[.cookie] }
        // The other origin never sees example.com's cookies; each host's own are kept apart.
        #expect(cookies == [nil, "session=s1", nil])
        #expect(jar.header("https://example.com/") == "session=s1; seen=1")
        #expect(jar.header("https://other.example.net/") == "theirs=x")
    }

    @Test("outside followingRedirects, only the final response's cookies are seen (why it goes inside)")
    func outsideRedirectsMissesHops() async throws {
        let jar = CookieJar()
        let transport = Self.transport { target in
            target == "example.com/login" ? (302, [.location: "/welcome", .setCookie: "session=s1"]) : (200, [:])
        }
        let client = Client(transport: transport).followingRedirects().storingCookies(in: jar)
        _ = try await client.send(ClientRequest(url: "https://example.com/login"))
        #expect(transport.requests.map { $0.head.headerFields[.cookie] } == [nil, nil])
        #expect(jar.allCookies().isEmpty)
    }

    @Test("a relative request passes through untouched")
    func relativeRequest() async throws {
        let jar = CookieJar()
        jar.storeCookies(from: ["a=1"], for: try #require(URL(string: "https://api.example.com/")))
        let next = Next { request in
            #expect(request.head.headerFields[.cookie] == nil)
            return ClientResponse(head: HTTPResponse(status: .ok, headerFields: Self.setCookies("b=2")), request: request)
        }
        _ = try await StoringCookies(jar: jar).send(try ClientRequest(path: "/relative"), next: next)
        #expect(jar.allCookies().map(\.name) == ["a"])
    }
}
