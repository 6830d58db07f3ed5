import Courier
import Foundation
import HTTPTypes
import Testing

private struct Address: Encodable, Sendable {
    var city: String
}

private struct User: Encodable, Sendable {
    var name: String
    var address: Address
}

private struct UserQuery: Encodable, Sendable {
    var user: User
}

private struct Line: Encodable, Sendable {
    var sku: String
}

private struct Order: Encodable, Sendable {
    var tags: [String]
    var lines: [Line]
}

private struct Event: Encodable, Sendable {
    var at: Date
}

private struct Flags: Encodable, Sendable {
    var archived: Bool
    var starred: Bool
}

private struct Search: Encodable, Sendable {
    var q: String
    var page: Int?
    var tags: [String]
}

private struct Ratio: Encodable, Sendable {
    var ratio: Double
}

private struct PriceRange: Encodable, Sendable {
    var gte: Int
    var lte: Int
}

private struct Filter: Encodable, Sendable {
    var status: String
    var price: PriceRange
}

private struct ArticleSearch: Encodable, Sendable {
    var text: String
    var tags: [String]
    var filter: Filter
    var since: Date
    var archived: Bool
    var page: Int?
}

private struct Article: Codable, Sendable, Equatable {
    var id: Int
}

/// A model coded the way the generator writes one with a tri-state property.
private struct TaskFilter: Encodable, Sendable {
    var title: String?
    var assignee: Nullable<String> = .absent

    enum CodingKeys: String, CodingKey {
        case title
        case assignee
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeUnlessAbsent(assignee, forKey: .assignee)
    }
}

/// The path and query the endpoint's request has, percent-encoded as sent.
private func sentPath<Value>(_ endpoint: Endpoint<Value>) throws -> String? {
    try endpoint.makeRequest().head.path
}

private let arrayCases: [(FormEncoding.ArrayStyle, String)] = [
    (.brackets, "/orders?tags%5B%5D=a%20b&tags%5B%5D=c&lines%5B0%5D%5Bsku%5D=A"),
    (.indexed, "/orders?tags%5B0%5D=a%20b&tags%5B1%5D=c&lines%5B0%5D%5Bsku%5D=A"),
    (.repeated, "/orders?tags=a%20b&tags=c&lines%5B0%5D%5Bsku%5D=A"),
]

private let dateCases: [(FormEncoding.DateStyle, String)] = [
    (.iso8601, "/events?at=2026-11-23T12%3A00%3A00.250Z"),
    (.secondsSince1970, "/events?at=1795435200.25"),
    (.millisecondsSince1970, "/events?at=1795435200250"),
    (.custom { _ in "next week" }, "/events?at=next%20week"),
]

@Suite("Endpoint queries from an Encodable value or a dictionary")
struct EndpointQueryTests {
    private static let ada = UserQuery(user: User(name: "ada", address: Address(city: "London")))

    @Test("nested values are named with brackets by default: user[name]=ada")
    func bracketNesting() throws {
        let endpoint = Endpoint<Void>(path: "/users", query: Self.ada)
        #expect(endpoint.query == [
            URLQueryItem(name: "user[name]", value: "ada"),
            URLQueryItem(name: "user[address][city]", value: "London"),
        ])
        #expect(try sentPath(endpoint) == "/users?user%5Bname%5D=ada&user%5Baddress%5D%5Bcity%5D=London")
    }

    @Test("the dots nesting style names nested values user.name=ada")
    func dotNesting() throws {
        let endpoint = Endpoint<Void>(path: "/users", query: Self.ada, queryEncoder: FormURLEncoder(nesting: .dots))
        #expect(try sentPath(endpoint) == "/users?user.name=ada&user.address.city=London")
    }

    @Test("arrays follow the encoder's array style; arrays of objects are always indexed", arguments: arrayCases)
    func arrayStyles(_ style: FormEncoding.ArrayStyle, _ expected: String) throws {
        let order = Order(tags: ["a b", "c"], lines: [Line(sku: "A")])
        let endpoint = Endpoint<Void>(path: "/orders", query: order, queryEncoder: FormURLEncoder(arrays: style))
        #expect(try sentPath(endpoint) == expected)
    }

    @Test("dates follow the encoder's date style", arguments: dateCases)
    func dateStyles(_ style: FormEncoding.DateStyle, _ expected: String) throws {
        let event = Event(at: Date(timeIntervalSince1970: 1_795_435_200.25))
        let endpoint = Endpoint<Void>(path: "/events", query: event, queryEncoder: FormURLEncoder(dates: style))
        #expect(try sentPath(endpoint) == expected)
    }

    @Test("booleans are true/false, or 1/0 with the numeric style")
    func bools() throws {
        let flags = Flags(archived: true, starred: false)
        #expect(try sentPath(Endpoint<Void>(path: "/a", query: flags)) == "/a?archived=true&starred=false")
        let numeric = Endpoint<Void>(path: "/a", query: flags, queryEncoder: FormURLEncoder(bools: .numeric))
        #expect(try sentPath(numeric) == "/a?archived=1&starred=0")
    }

    @Test("nil and empty arrays are left out, in a value and in a dictionary")
    func nilIsLeftOut() throws {
        let search = Endpoint<Void>(path: "/search", query: Search(q: "swift", page: nil, tags: []))
        #expect(try sentPath(search) == "/search?q=swift")
        let cursor: String? = nil
        let dictionary = Endpoint<Void>(path: "/search", query: ["q": "swift", "page": Int?.none, "cursor": cursor, "tags": [String]()])
        #expect(try sentPath(dictionary) == "/search?q=swift")
        #expect(try sentPath(Endpoint<Void>(path: "/search", query: [String: (any Encodable)?]())) == "/search")
    }

    @Test("Nullable.null sends the name with an empty value, .value the value, .absent nothing")
    func nullable() throws {
        let null = Endpoint<Void>(path: "/tasks", query: TaskFilter(title: "x", assignee: .null))
        #expect(try sentPath(null) == "/tasks?title=x&assignee=")
        let value = Endpoint<Void>(path: "/tasks", query: TaskFilter(title: "x", assignee: .value("ana")))
        #expect(try sentPath(value) == "/tasks?title=x&assignee=ana")
        let absent = Endpoint<Void>(path: "/tasks", query: TaskFilter(title: "x", assignee: .absent))
        #expect(try sentPath(absent) == "/tasks?title=x")
        let dictionary = Endpoint<Void>(path: "/tasks", query: [
            "assignee": Nullable<String>.null, "owner": Nullable<String>.value("ana"), "reviewer": Nullable<String>.absent,
        ])
        #expect(try sentPath(dictionary) == "/tasks?assignee=&owner=ana")
    }

    @Test("a synthesized Codable model's Nullable property and a [String: Nullable] property follow the same rule")
    func nullableInSynthesizedModels() throws {
        struct Patch: Encodable {
            var title: Nullable<String>
            var labels: [String: Nullable<String>]
        }
        let patch = Patch(title: .null, labels: ["a": .value("x"), "b": .null, "c": .absent])
        #expect(try sentPath(Endpoint<Void>(path: "/tasks", query: patch)) == "/tasks?title=&labels%5Ba%5D=x&labels%5Bb%5D=")
        let absent = Patch(title: .absent, labels: [:])
        #expect(try sentPath(Endpoint<Void>(path: "/tasks", query: absent)) == "/tasks")
        #expect(try FormURLEncoder().encode(patch) == "title=&labels%5Ba%5D=x&labels%5Bb%5D=")
    }

    @Test("a dictionary's entries go out sorted by name, the same URL every time")
    func dictionaryOrder() throws {
        let endpoint = Endpoint<Void>(path: "/x", query: ["z": 1, "a": "x y", "M": true, "b": [1, 2] as [Int]])
        let expected = "/x?M=true&a=x%20y&b%5B%5D=1&b%5B%5D=2&z=1"
        #expect(try sentPath(endpoint) == expected)
        for _ in 0..<20 {
            let again = Endpoint<Void>(path: "/x", query: ["b": [1, 2] as [Int], "M": true, "z": 1, "a": "x y"])
            #expect(try sentPath(again) == expected)
        }
    }

    @Test("names and values are percent-encoded as data")
    func percentEncoding() throws {
        let endpoint = Endpoint<Void>(path: "/search", query: ["q": "a+b & c=d/é", "é": "~_.-"])
        #expect(try sentPath(endpoint) == "/search?q=a%2Bb%20%26%20c%3Dd%2F%C3%A9&%C3%A9=~_.-")
    }

    @Test("a value that cannot be encoded fails makeRequest with encodingFailed, also after map")
    func encodingFailure() throws {
        let nan = Endpoint<Void>(path: "/x", query: Ratio(ratio: .nan))
        #expect(nan.query.isEmpty)
        let error = try #require(throws: NetworkError.self) { try nan.makeRequest() }
        #expect(error.kind == .encodingFailed)
        #expect(error.underlying is EncodingError)
        let mapped = nan.map { _ in "done" }
        let mappedError = try #require(throws: NetworkError.self) { try mapped.makeRequest() }
        #expect(mappedError.kind == .encodingFailed)

        var appended = Endpoint<Void>(path: "/x", query: ["ratio": Double.infinity])
        appended.query.append(URLQueryItem(name: "page", value: "2"))
        let appendedError = try #require(throws: NetworkError.self) { try appended.makeRequest() }
        #expect(appendedError.kind == .encodingFailed)

        let unkeyed = Endpoint<Void>(path: "/x", query: 5)
        let unkeyedError = try #require(throws: NetworkError.self) { try unkeyed.makeRequest() }
        #expect(unkeyedError.kind == .encodingFailed)
    }

    @Test("send fails with encodingFailed before anything is sent")
    func encodingFailureOnSend() async throws {
        let transport = RecordingTransport(status: .ok, body: "[]")
        let client = Client(transport: transport).targeting(Server(host: "example.com"))
        let error = await #expect(throws: NetworkError.self) {
            try await client.send(Endpoint<[Article]>(path: "/articles", query: Ratio(ratio: .nan)))
        }
        #expect(error?.kind == .encodingFailed)
        #expect(transport.requests.isEmpty)
    }

    @Test("every initializer family takes a query and keeps its own decoding")
    func initializerFamilies() async throws {
        let transport = RecordingTransport(status: .ok, body: "hello", contentType: "text/plain")
        let client = Client(transport: transport).targeting(Server(host: "example.com"))
        let flags = Flags(archived: true, starred: false)
        #expect(try await client.send(Endpoint<String>(path: "/s", query: flags)) == "hello")
        #expect(try await client.send(Endpoint<String>(path: "/s", query: ["q": 1])) == "hello")
        #expect(try await client.send(Endpoint<Data>(path: "/d", query: flags)) == Data("hello".utf8))
        #expect(try await client.send(Endpoint<Data>(path: "/d", query: ["q": 1])) == Data("hello".utf8))
        try await client.send(Endpoint<Void>(path: "/v", query: flags))
        #expect(try await client.send(Endpoint<Int>(path: "/i", query: flags) { $0.data.count }) == 5)
        #expect(try await client.send(Endpoint<Int>(path: "/i", query: ["q": 1]) { $0.data.count }) == 5)
        #expect(transport.requests.map(\.head.path) == [
            "/s?archived=true&starred=false", "/s?q=1", "/d?archived=true&starred=false", "/d?q=1",
            "/v?archived=true&starred=false", "/i?archived=true&starred=false", "/i?q=1",
        ])

        let json = Endpoint<[Article]>(path: "/articles", query: ["tag": "swift"], headers: ["X-Trace": "1"])
        let request = try json.makeRequest()
        #expect(request.head.path == "/articles?tag=swift")
        #expect(request.head.headerFields[.accept] == "application/json")
        #expect(try sentPath(Endpoint<[Article]>(path: "/articles", query: flags)) == "/articles?archived=true&starred=false")
    }

    @Test("the query's items can still be edited, and follow a query already in the path")
    func editable() throws {
        var endpoint = Endpoint<Void>(path: "/search?v=2", query: ["q": "swift"])
        endpoint.query.append(URLQueryItem(name: "page", value: "3"))
        #expect(try sentPath(endpoint) == "/search?v=2&q=swift&page=3")
    }

    // MARK: The generator's parameters go through the same code

    private static let search = ArticleSearch(
        text: "swift nio", tags: ["server", "linux"], filter: Filter(status: "open", price: PriceRange(gte: 1, lte: 9)),
        since: Date(timeIntervalSince1970: 0), archived: false, page: nil
    )

    @Test("an exploded form object parameter and an Endpoint query of the same value give the same items")
    func explodedObjectMatches() throws {
        var parameters = OperationParameters()
        parameters.query("search", Self.search)
        let endpoint = Endpoint<Void>(path: "/s", query: Self.search)
        #expect(parameters.queryItems == endpoint.query)
        #expect(endpoint.query.map(\.name) == [
            "text", "tags[]", "tags[]", "filter[status]", "filter[price][gte]", "filter[price][lte]", "since", "archived",
        ])
    }

    @Test("deepObject parameters give the items of an Endpoint query with brackets, on the wire too")
    func deepObjectMatches() throws {
        var parameters = OperationParameters()
        parameters.query("text", Self.search.text)
        parameters.query("tags", Self.search.tags, style: .deepObject)
        parameters.query("filter", Self.search.filter, style: .deepObject)
        parameters.query("since", Self.search.since)
        parameters.query("archived", Self.search.archived)
        parameters.query("page", Self.search.page)
        let endpoint = Endpoint<Void>(path: "/s", query: Self.search)
        #expect(parameters.queryItems == endpoint.query)
        let operation = Endpoint<Void>(operation: "search", method: .get, path: "/s", parameters: parameters, coders: .iso8601) { _ in }
        #expect(try sentPath(operation) == sentPath(endpoint))
        #expect(try sentPath(endpoint) == "/s?text=swift%20nio&tags%5B%5D=server&tags%5B%5D=linux&filter%5Bstatus%5D=open"
            + "&filter%5Bprice%5D%5Bgte%5D=1&filter%5Bprice%5D%5Blte%5D=9&since=1970-01-01T00%3A00%3A00Z&archived=false")
    }

    @Test("exploded array parameters give the items of an Endpoint query with repeated arrays")
    func explodedArraysMatch() throws {
        var parameters = OperationParameters()
        parameters.query("q", "swift")
        parameters.query("page", Int?.none)
        parameters.query("tags", ["a b", "c"])
        let endpoint = Endpoint<Void>(
            path: "/s", query: Search(q: "swift", page: nil, tags: ["a b", "c"]), queryEncoder: FormURLEncoder(arrays: .repeated)
        )
        #expect(parameters.queryItems == endpoint.query)
        #expect(try sentPath(endpoint) == "/s?q=swift&tags=a%20b&tags=c")
    }

    @Test("a deepObject parameter with Nullable.null and an Endpoint dictionary holding the same value agree")
    func nullableMatches() throws {
        let filter = TaskFilter(title: "x", assignee: .null)
        var parameters = OperationParameters()
        parameters.query("filter", filter, style: .deepObject)
        let endpoint = Endpoint<Void>(path: "/tasks", query: ["filter": filter])
        #expect(parameters.queryItems == endpoint.query)
        #expect(try sentPath(endpoint) == "/tasks?filter%5Btitle%5D=x&filter%5Bassignee%5D=")
    }
}
