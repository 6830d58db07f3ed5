import Courier
import CourierTesting
import Foundation
import Testing

/// The blog platform of the Bow talk: articles by tag.
struct Article: Codable, Sendable, Equatable {
    var id: Int
    var title: String
}

extension Endpoint where Value == [Article] {
    static func articles(tag: String) -> Endpoint {
        var options = RequestOptions()
        options.operationID = "getArticles"
        return Endpoint(path: "/articles", query: [URLQueryItem(name: "tag", value: tag)], options: options)
    }
}

extension Server {
    static let blog = Server(host: "blog.example.com")
}

/// The Bow talk's two tests — `config.stub(json: "[]", code: 200)` and `stub(contentsOfFile:code:)` —
/// written with CourierTesting.
@Suite("The Bow talk's tests, with CourierTesting")
struct BowTalkTests {
    @Test("an empty array from \"[]\" with 200")
    func emptyArticles() async throws {
        let client = Client(transport: StubTransport().stub(.articles(tag: "swift"), with: .json("[]", status: 200))).targeting(.blog)
        try await assertSucceeds(.articles(tag: "swift"), on: client, with: [])
    }

    @Test("one article from a fixture file")
    func oneArticle() async throws {
        let fixture = try #require(Bundle.module.url(forResource: "articles", withExtension: "json", subdirectory: "Fixtures"))
        let stubs = StubTransport().stub(.articles(tag: "swift"), with: .contentsOfFile(fixture, status: 200))
        let client = Client(transport: stubs).targeting(.blog)
        try await assertSucceeds(.articles(tag: "swift"), on: client, with: [Article(id: 1, title: "Functional networking in Swift")])
        try assertRequest(stubs.requests.last, method: .get, path: "/articles", query: [URLQueryItem(name: "tag", value: "swift")], headers: ["Accept": "application/json"])
    }
}
