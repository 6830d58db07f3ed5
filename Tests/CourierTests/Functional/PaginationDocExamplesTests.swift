import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

// The examples in the doc comments of Sources/Courier/Functional/Pagination, kept in step with them so
// that they compile, and run against a stub that ends every pagination at once.

private struct Article: Codable, Sendable { var id: Int; var title: String }

@Suite("Pagination doc examples")
struct PaginationDocExamplesTests {
    /// `/results` is a `Results` page 1 of 1, `/feed` a `Feed` without a next cursor, anything else `[]`.
    static let client = Client(transport: RecordingTransport { request in
        let path = (request.head.path ?? "").prefix { $0 != "?" }
        let body = switch path {
        case "/results": #"{"items":[1],"pageCount":1,"page":1}"#
        case "/feed": #"{"items":["a"]}"#
        default: "[]"
        }
        return stubResponse(200, body: body, for: request)
    }).targeting(Server(host: "api.example.com"))

    @Test("the doc comment examples compile and run")
    func examples() async throws {
        let client = Self.client

        // PaginationStrategy
        let offsets = PaginationStrategy<[Article]> { endpoint, page, _ in
            guard page.count == 50 else { return nil }
            var next = endpoint
            let offset = next.query.first { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
            next.query.removeAll { $0.name == "offset" }
            next.query.append(URLQueryItem(name: "offset", value: String(offset + 50)))
            return next
        }
        let articlePages = try await Array(client.pages(of: Endpoint<[Article]>(path: "/articles"), strategy: offsets))
        #expect(articlePages.count == 1)

        // pageNumbers(_:startingAt:isLastPage:)
        do {
            struct Results: Decodable, Sendable { var items: [Int]; var pageCount: Int; var page: Int }

            let strategy = PaginationStrategy<Results>.pageNumbers { $0.page >= $0.pageCount }
            for try await page in client.pages(of: Endpoint<Results>(path: "/results"), strategy: strategy) {
                print(page.items)
            }
        }

        // pageNumbers(_:startingAt:), PageElementSequence
        for try await id in client.elements(of: Endpoint<[Int]>(path: "/ids"), strategy: .pageNumbers()) {
            print(id)
        }

        // cursor(_:next:)
        do {
            struct Feed: Decodable, Sendable { var items: [String]; var nextCursor: String? }

            let feed = Endpoint<Feed>(path: "/feed")
            for try await page in client.pages(of: feed, strategy: .cursor("after") { $0.nextCursor }) {
                print(page.items)
            }
        }

        // linkHeader
        let issues = Endpoint<[Int]>(path: "/repos/apple/swift/issues", query: [URLQueryItem(name: "per_page", value: "100")])
        for try await page in client.pages(of: issues, strategy: .linkHeader) {
            print(page.count)
        }

        // WebLink
        let (_, response) = try await client.response(Endpoint<[Int]>(path: "/items"))
        let last = WebLink.links(in: response.head.headerFields).first { $0.hasRelation("last") }
        print(last?.target ?? "one page only")

        // PageSequence
        let articles = Endpoint<[Article]>(path: "/articles")
        for try await page in client.pages(of: articles, strategy: .pageNumbers()) {
            print("\(page.count) articles")
        }

        // Client.pages(of:strategy:), Client.elements(of:strategy:items:)
        do {
            struct Feed: Decodable, Sendable { var items: [String]; var next: String? }

            let feed = Endpoint<Feed>(path: "/feed")
            for try await page in client.pages(of: feed, strategy: .cursor { $0.next }) {
                print(page.items)
            }
            var items: [String] = []
            for try await item in client.elements(of: feed, strategy: .cursor { $0.next }, items: { $0.items }) {
                items.append(item)
            }
            #expect(items == ["a"])
        }

        // Client.elements(of:strategy:)
        var ids = Set<Int>()
        for try await id in client.elements(of: Endpoint<[Int]>(path: "/ids"), strategy: .pageNumbers()) {
            ids.insert(id)
        }
        #expect(ids.isEmpty)
    }
}
