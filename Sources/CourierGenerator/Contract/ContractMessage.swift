import Foundation

/// A request as the contract checks it: plain strings and bytes, so the generator needs no HTTP library.
public struct ContractRequest: Sendable {
    /// The method (`GET`).
    public var method: String
    /// The path, percent-encoded, without the query (`/pets/7`).
    public var path: String
    /// The query, percent-encoded, without the `?` (`limit=10&tag=a%20b`); `nil` when there is none.
    public var query: String?
    /// The header fields in order; names in any case.
    public var headerFields: [(name: String, value: String)]
    /// The body's bytes (empty when there is none).
    public var body: Data

    /// A request for `target`, the path and query as they go on the wire (`/pets?limit=10`).
    public init(method: String, target: String, headerFields: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
        self.headerFields = headerFields
        self.body = body
    }

    /// Every value of the field `name` (any case), in order.
    func values(of name: String) -> [String] {
        headerFields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// The query's items, decoded (`+` is a space), in order.
    var queryItems: [(name: String, value: String)] {
        ContractRequest.formItems(query ?? "")
    }

    /// `a=1&b=x+y` as decoded pairs; a key without `=` has an empty value.
    static func formItems(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair -> (name: String, value: String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

/// A response as the contract checks it.
public struct ContractResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields in order; names in any case.
    public var headerFields: [(name: String, value: String)]
    /// The body's bytes; `nil` when they were not read (a stream too large to hold), so only the status and the
    /// content type are checked.
    public var body: Data?

    /// A response with `status`, `headerFields` and `body`.
    public init(status: Int, headerFields: [(name: String, value: String)] = [], body: Data?) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// The first value of the field `name` (any case).
    func value(of name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
