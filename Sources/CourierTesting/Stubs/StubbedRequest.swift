import Courier
import Foundation
import HTTPTypes

/// A request as a stub saw it: the request, its body's bytes, and the path parameters its route
/// matched — what tests assert on, and what a ``StubResponse/handler(_:)`` answers from.
public struct StubbedRequest: Sendable {
    /// The request as it reached the stub.
    public let request: ClientRequest
    /// The body's bytes, read the way a server would read them.
    public let body: Data
    /// The values of the route's `{name}` segments.
    public let parameters: [String: String]

    /// The method.
    public var method: HTTPRequest.Method { request.head.method }

    /// The path without the query, as sent (percent-encoded).
    public var path: String { Self.split(request.head.path).path }

    /// The query items, percent-decoded, in order.
    public var query: [URLQueryItem] { Self.split(request.head.path).query }

    /// The value of header `name`, or `nil`.
    public func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { request.head.headerFields[$0] }
    }

    /// The body decoded as JSON.
    public func decodeBody<T: Decodable>(_ type: T.Type = T.self, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: body)
    }

    static func split(_ pathAndQuery: String?) -> (path: String, query: [URLQueryItem]) {
        let whole = pathAndQuery ?? "/"
        guard let mark = whole.firstIndex(of: "?") else { return (whole, []) }
        let items = whole[whole.index(after: mark)...].split(separator: "&").map { pair -> URLQueryItem in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
            return URLQueryItem(name: name, value: value)
        }
        return (String(whole[..<mark]), items)
    }
}
