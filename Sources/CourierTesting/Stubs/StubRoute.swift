import Courier
import Foundation
import HTTPTypes

/// Which requests a stub answers: a method (or any), a path pattern, and query items that must be
/// present.
///
/// Query items are `URLQueryItem`s, as ``assertRequest(_:method:path:query:headers:json:body:fileID:line:)``
/// and ``StubbedRequest/query`` take them; a `nil` value matches any value, and a name given twice must be
/// present twice. A stub's items need only be present (the request may have others, in any order); an
/// assertion's must be exactly the request's.
///
/// A pattern is a path whose segments may be `{name}` (any one segment, captured as a parameter), `*`
/// (any one segment) or a final `**` (the rest of the path). Segments are compared percent-decoded.
public struct StubRoute: Sendable, CustomStringConvertible {
    /// The method to match; `nil` matches any.
    public let method: HTTPRequest.Method?
    /// The path pattern.
    public let pattern: String
    /// Query items that must be present: each with its value, or with any value when the value is `nil`.
    public let query: [URLQueryItem]
    /// A request option to match instead of the method and path: an endpoint's operation ID.
    let operationID: String?
    /// Whether the path may follow a prefix: an endpoint's path is relative to a server whose base path
    /// (`/v1`) a stub transport sees in front of it.
    let allowsPrefix: Bool

    /// A route for `method` and `pattern`, matching requests that hold these query items.
    ///
    /// ```swift
    /// StubRoute(.get, "/search", query: [URLQueryItem(name: "q", value: "swift"), URLQueryItem(name: "page", value: nil)])
    /// ```
    public init(_ method: HTTPRequest.Method? = nil, _ pattern: String, query: [URLQueryItem]) {
        self.init(method: method, pattern: pattern, query: query, operationID: nil, allowsPrefix: false)
    }

    /// A route for `method` and `pattern`, matching requests that hold these query items (a `nil` value:
    /// any value), in the dictionary form of earlier releases.
    public init(_ method: HTTPRequest.Method? = nil, _ pattern: String, query: [String: String?] = [:]) {
        let items = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        self.init(method: method, pattern: pattern, query: items, operationID: nil, allowsPrefix: false)
    }

    /// A route for every request an endpoint builds: those with its operation ID when it has one
    /// (so `.articles(tag: "a")` and `.articles(tag: "b")` are one route), else its method and path,
    /// after any server base path (`/v1/articles` matches the endpoint `/articles`).
    public init<Value>(_ endpoint: Endpoint<Value>) {
        method = endpoint.method
        let request = try? endpoint.makeRequest()
        pattern = StubbedRequest.split(request?.head.path).path
        query = []
        operationID = endpoint.options.operationID
        allowsPrefix = true
    }

    /// A route for every request of the API operation `id` (its `RequestOptions.operationID`), whatever
    /// its method, path and parameters: how a generated client's example stubs are registered.
    ///
    /// ```swift
    /// StubTransport().stub(.operation("getPet"), with: .json(#"{"id": 1, "name": "Rex"}"#))
    /// ```
    public static func operation(_ id: String) -> StubRoute {
        StubRoute(method: nil, pattern: "/**", query: [], operationID: id, allowsPrefix: true)
    }

    private init(method: HTTPRequest.Method?, pattern: String, query: [URLQueryItem], operationID: String?, allowsPrefix: Bool) {
        self.method = method
        self.pattern = pattern
        self.query = query
        self.operationID = operationID
        self.allowsPrefix = allowsPrefix
    }

    /// The route as it reads in a failure message: `operation 'getPet'`, or `GET /articles/{id}?page=*`.
    public var description: String {
        if let operationID { return "operation '\(operationID)'" }
        let queryText = query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value ?? "*")" }.joined(separator: "&")
        return "\(method?.rawValue ?? "ANY") \(pattern)\(queryText)"
    }

    /// The path parameters when `request` matches, or why it does not.
    func match(_ request: ClientRequest) -> Result<[String: String], StubMismatch> {
        if let operationID {
            let theirs = request.options.operationID
            return theirs == operationID ? .success([:]) : .failure(StubMismatch("operation ID is \(theirs.map { "'\($0)'" } ?? "not set")"))
        }
        if let method, method != request.head.method {
            return .failure(StubMismatch("method is \(request.head.method.rawValue)"))
        }
        let (path, items) = StubbedRequest.split(request.head.path)
        guard let parameters = Self.match(path: path, pattern: pattern, allowingPrefix: allowsPrefix) else {
            return .failure(StubMismatch("path \(path) does not match \(pattern)"))
        }
        // Each expected item takes a request item of its own: `tag=a&tag=b` needs two `tag`s.
        var unclaimed = items
        for expected in query {
            if let index = unclaimed.firstIndex(where: { $0.name == expected.name && (expected.value == nil || $0.value == expected.value) }) {
                unclaimed.remove(at: index)
                continue
            }
            let seen = items.filter { $0.name == expected.name }.map { "'\($0.value ?? "")'" }
            guard !seen.isEmpty, let value = expected.value else {
                return .failure(StubMismatch("query item '\(expected.name)' is missing"))
            }
            return .failure(StubMismatch("query item '\(expected.name)' is \(seen.joined(separator: ", ")), not '\(value)'"))
        }
        return .success(parameters)
    }

    static func match(path: String, pattern: String, allowingPrefix: Bool = false) -> [String: String]? {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { String($0).removingPercentEncoding ?? String($0) }
        let patterns = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if allowingPrefix, segments.count > patterns.count {
            segments = Array(segments.suffix(patterns.count))
        }
        var parameters: [String: String] = [:]
        for (index, expected) in patterns.enumerated() {
            if expected == "**", index == patterns.count - 1 { return parameters }
            guard index < segments.count else { return nil }
            let segment = segments[index]
            if expected.hasPrefix("{"), expected.hasSuffix("}"), expected.count > 2 {
                guard !segment.isEmpty else { return nil }
                parameters[String(expected.dropFirst().dropLast())] = segment
            } else if expected != "*", expected != segment {
                return nil
            }
        }
        return segments.count == patterns.count ? parameters : nil
    }
}

/// Why a route did not match a request.
struct StubMismatch: Error, Sendable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
