import Courier
import CourierTesting
import Foundation

/// What the demo posts.
struct NewArticle: Codable, Sendable {
    var title: String
    var tags: [String]
}

extension Endpoint where Value == [TestArticle] {
    /// Articles carrying `tag`.
    static func articles(tag: String) -> Self {
        Endpoint(path: "/articles", query: [URLQueryItem(name: "tag", value: tag)])
    }
}

extension Endpoint where Value == TestArticle {
    /// One article by its number.
    static func article(id: Int) -> Self {
        Endpoint(path: "/articles/\(id)")
    }
}

extension Endpoint where Value == TestServer.Echo {
    /// Posts an article to the echo route, which answers with what it received.
    static func publish(_ article: NewArticle) -> Self {
        Endpoint(method: .post, path: "/echo/articles", body: .json(article))
    }

    /// A search whose query needs careful encoding.
    static func search(_ text: String) -> Self {
        Endpoint(path: "/echo/search", query: [URLQueryItem(name: "q", value: text)])
    }
}
