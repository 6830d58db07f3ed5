import Courier
import Foundation

/// The blog's operations: each a relative request and how to decode its answer, independent of the
/// server (see ``BlogEnvironment``) and of the client's stack.
///
/// Each carries an operation ID, so a test can stub every `.articles(tag:)` at once with
/// `client.stubbing(.articles(tag: "any"), with: …)`.
extension Endpoint where Value == [Article] {
    /// The articles with `tag`.
    public static func articles(tag: String) -> Endpoint {
        Endpoint(path: "/articles", query: [URLQueryItem(name: "tag", value: tag)], options: .operation("getArticles"))
    }
}

extension Endpoint where Value == Article {
    /// One article; a missing one fails with `unacceptableStatus(404)`.
    public static func article(id: Int) -> Endpoint {
        Endpoint(path: "/articles/\(id)", options: .operation("getArticle"))
    }
}

extension RequestOptions {
    /// Options naming the operation, for stubs, metrics and traces.
    static func operation(_ id: String) -> RequestOptions {
        var options = RequestOptions()
        options.operationID = id
        return options
    }
}
