import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Pagination strategies, decided without a server")
struct PaginationStrategyTests {
    /// A response to `GET url` with the given `Link` fields.
    static func response(to url: String, links: [String] = []) throws -> ClientResponse {
        let request = try ClientRequest(url: url)
        var fields = HTTPFields()
        for link in links {
            fields.append(HTTPField(name: try #require(HTTPField.Name("Link")), value: link))
        }
        return stubResponse(200, headers: fields, for: request)
    }

    static let anyResponse = stubResponse(200, for: try! ClientRequest(url: "https://api.example.com/items"))

    // MARK: Page numbers

    @Test("page numbers: without the parameter the first page is assumed, and the next is one higher")
    func pageNumbersFromDefault() throws {
        let endpoint = Endpoint<[Int]>(path: "/items", query: [URLQueryItem(name: "size", value: "10")])
        let next = try PaginationStrategy<[Int]>.pageNumbers().next(after: endpoint, page: [1], response: Self.anyResponse)
        #expect(next?.query == [URLQueryItem(name: "size", value: "10"), URLQueryItem(name: "page", value: "2")])
        let zeroBased = try PaginationStrategy<[Int]>.pageNumbers("p", startingAt: 0).next(after: endpoint, page: [1], response: Self.anyResponse)
        #expect(zeroBased?.query.last == URLQueryItem(name: "p", value: "1"))
    }

    @Test("page numbers: the parameter is replaced in place, once, and other items are kept")
    func pageNumbersReplace() throws {
        let endpoint = Endpoint<[Int]>(path: "/items", query: [
            URLQueryItem(name: "page", value: "7"), URLQueryItem(name: "q", value: "a"), URLQueryItem(name: "page", value: "9"),
        ])
        let next = try PaginationStrategy<[Int]>.pageNumbers().next(after: endpoint, page: [1], response: Self.anyResponse)
        #expect(next?.query == [URLQueryItem(name: "page", value: "8"), URLQueryItem(name: "q", value: "a")])
        #expect(next?.path == "/items")
    }

    @Test("page numbers over a collection end at the first empty page")
    func pageNumbersEndAtEmpty() throws {
        let endpoint = Endpoint<[Int]>(path: "/items")
        let next = try PaginationStrategy<[Int]>.pageNumbers().next(after: endpoint, page: [], response: Self.anyResponse)
        #expect(next == nil)
    }

    @Test("page numbers end when the predicate says the page was the last")
    func pageNumbersPredicate() throws {
        struct Results: Sendable { var page: Int; var pageCount: Int }
        let strategy = PaginationStrategy<Results>.pageNumbers { $0.page >= $0.pageCount }
        let endpoint = Endpoint<Results>(path: "/r", query: [URLQueryItem(name: "page", value: "2")]) { _ in Results(page: 0, pageCount: 0) }
        let more = try strategy.next(after: endpoint, page: Results(page: 2, pageCount: 3), response: Self.anyResponse)
        let last = try strategy.next(after: endpoint, page: Results(page: 3, pageCount: 3), response: Self.anyResponse)
        #expect(more?.query == [URLQueryItem(name: "page", value: "3")])
        #expect(last == nil)
    }

    @Test("page numbers: a parameter that is not a whole number, or would overflow, throws invalidURL", arguments: ["two", String(Int.max)])
    func pageNumbersInvalid(_ value: String) throws {
        let endpoint = Endpoint<[Int]>(path: "/items", query: [URLQueryItem(name: "page", value: value)])
        let error = try #require(throws: NetworkError.self) {
            try PaginationStrategy<[Int]>.pageNumbers().next(after: endpoint, page: [1], response: Self.anyResponse)
        }
        #expect(error.kind == .invalidURL)
    }

    // MARK: Cursor

    @Test("cursor: the next cursor replaces the parameter; nil or empty ends")
    func cursor() throws {
        struct Feed: Sendable { var next: String? }
        let strategy = PaginationStrategy<Feed>.cursor("after") { $0.next }
        let endpoint = Endpoint<Feed>(path: "/feed", query: [URLQueryItem(name: "after", value: "old"), URLQueryItem(name: "n", value: "5")]) { _ in Feed() }
        let next = try strategy.next(after: endpoint, page: Feed(next: "a b&c"), response: Self.anyResponse)
        #expect(next?.query == [URLQueryItem(name: "after", value: "a b&c"), URLQueryItem(name: "n", value: "5")])
        let ended = try strategy.next(after: endpoint, page: Feed(next: nil), response: Self.anyResponse)
        let emptied = try strategy.next(after: endpoint, page: Feed(next: ""), response: Self.anyResponse)
        #expect(ended == nil)
        #expect(emptied == nil)
    }

    // MARK: Link header

    /// The path (with query) the next endpoint of `.linkHeader` would send, resolved against `server`.
    static func nextTarget(
        _ endpoint: Endpoint<[Int]>, server: Server, links: [String]
    ) throws -> String? {
        let sent = try server.resolve(endpoint.makeRequest())
        let response = try response(to: try #require(sent.url?.absoluteString), links: links)
        guard let next = try PaginationStrategy<[Int]>.linkHeader.next(after: endpoint, page: [], response: response) else { return nil }
        return try server.resolve(next.makeRequest()).head.path
    }

    static let api = Server(host: "api.example.com", basePath: "/api", version: "v2")

    @Test("link: the rel=next link is followed, not first, prev or last, across fields", arguments: [
        [#"</api/v2/items?page=1>; rel="first", </api/v2/items?page=1>; rel="prev""#, #"</api/v2/items?page=3>; rel="next", </api/v2/items?page=9>; rel="last""#],
        [#"</api/v2/items?page=9>; rel=last, </api/v2/items?page=3>; rel="prefetch Next""#],
    ])
    func linkPicksNext(_ links: [String]) throws {
        let endpoint = Endpoint<[Int]>(path: "/items", query: [URLQueryItem(name: "page", value: "2")])
        let target = try Self.nextTarget(endpoint, server: Self.api, links: links)
        #expect(target == "/api/v2/items?page=3")
    }

    @Test("link: relative references resolve against the page's URL, and the base path is not added twice", arguments: [
        ("https://api.example.com/api/v2/items?page=3&per_page=50", "/api/v2/items?page=3&per_page=50"),
        ("https://API.example.com:443/api/v2/items?page=3", "/api/v2/items?page=3"),
        ("/api/v2/items?page=3", "/api/v2/items?page=3"),
        ("?page=3", "/api/v2/items?page=3"),
        ("items?page=3", "/api/v2/items?page=3"),
        ("../v2/items/more?page=3", "/api/v2/items/more?page=3"),
        ("//api.example.com/api/v2/items?page=3#top", "/api/v2/items?page=3"),
    ])
    func linkResolution(_ link: String, _ expected: String) throws {
        let endpoint = Endpoint<[Int]>(path: "/items", query: [URLQueryItem(name: "page", value: "2")])
        let target = try Self.nextTarget(endpoint, server: Self.api, links: ["<\(link)>; rel=\"next\""])
        #expect(target == expected)
    }

    @Test("link: no next link ends the pagination")
    func linkEnds() throws {
        let endpoint = Endpoint<[Int]>(path: "/items")
        let none = try Self.nextTarget(endpoint, server: Self.api, links: [])
        let onlyPrev = try Self.nextTarget(endpoint, server: Self.api, links: [#"</api/v2/items?page=1>; rel="prev""#])
        let anchored = try Self.nextTarget(endpoint, server: Self.api, links: [#"</api/v2/other?page=2>; rel="next"; anchor="/api/v2/other""#])
        #expect(none == nil)
        #expect(onlyPrev == nil)
        #expect(anchored == nil)
    }

    @Test("link: a next link to another origin, outside the base path, or not http(s) is refused with invalidURL", arguments: [
        "https://evil.example.com/api/v2/items?page=3",
        "http://api.example.com/api/v2/items?page=3",
        "https://api.example.com:8443/api/v2/items?page=3",
        "//evil.example.com/api/v2/items?page=3",
        "https://user:pass@api.example.com/api/v2/items?page=3",
        "/other/items?page=3",
        "/api/v2?page=3",
        "ftp://api.example.com/api/v2/items",
        "javascript:alert(1)",
    ])
    func linkRefused(_ link: String) throws {
        let endpoint = Endpoint<[Int]>(path: "/items")
        let error = try #require(throws: NetworkError.self) {
            try Self.nextTarget(endpoint, server: Self.api, links: ["<\(link)>; rel=\"next\""])
        }
        #expect(error.kind == .invalidURL)
        #expect(error.response != nil)
    }

    @Test("link: the next endpoint keeps the method, headers and decoding, and drops its own query")
    func linkKeepsEndpoint() throws {
        let endpoint = Endpoint<[Int]>(path: "/items", query: [URLQueryItem(name: "page", value: "2")], headers: ["X-Trace": "1"])
        let response = try Self.response(to: "https://api.example.com/api/v2/items?page=2", links: [#"</api/v2/items?cursor=x%20y>; rel="next""#])
        let next = try #require(try PaginationStrategy<[Int]>.linkHeader.next(after: endpoint, page: [], response: response))
        #expect(next.query.isEmpty)
        #expect(next.headers == endpoint.headers)
        #expect(next.headers["X-Trace"] == "1")
        #expect(next.path.encoded == "/items?cursor=x%20y")
    }
}
