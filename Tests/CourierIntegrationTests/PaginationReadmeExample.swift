// The "Pagination" example of README.md, kept in step with it so that it compiles (the `api` client is
// built here; the README assumes it).
import Courier
import CourierAsyncHTTPClient
import Foundation

private struct Repository: Decodable, Sendable {
    var id: Int
    var name: String
}

private struct Feed: Decodable, Sendable {
    var items: [String]
    var nextCursor: String?
}

private func paginationReadmeExample() async throws {
    let github = Client(transport: AsyncHTTPClientTransport())
        .targeting(Server(host: "api.github.com"))

    // Every repository, page after page, following `Link: <…>; rel="next"`.
    let repositories = Endpoint<[Repository]>(
        path: "/orgs/swiftlang/repos",
        query: [URLQueryItem(name: "per_page", value: "100")]
    )
    for try await repository in github.elements(of: repositories, strategy: .linkHeader) {
        print(repository.name)
    }

    let api = Client(transport: AsyncHTTPClientTransport())
        .targeting(Server(host: "api.example.com"))

    // ?page=1, ?page=2, … until a page is empty; only the first three pages here.
    for try await page in api.pages(of: Endpoint<[Int]>(path: "/ids"), strategy: .pageNumbers()).prefix(3) {
        print(page.count)
    }

    // A cursor read from each page and sent back as ?cursor=…, until there is none.
    let feed = Endpoint<Feed>(path: "/feed")
    for try await item in api.elements(of: feed, strategy: .cursor { $0.nextCursor }, items: \.items) {
        print(item)
    }
}
