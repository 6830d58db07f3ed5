import Foundation
import HTTPTypes

/// Which requests a conditional layer applies to (``Client/when(_:_:)``): a host, a path prefix, a
/// method, an operation, or any test of the request, combined with `&&`, `||` and `!`.
public struct RequestCondition: Sendable {
    private let test: @Sendable (ClientRequest) -> Bool

    /// A condition that holds for the requests `test` accepts.
    public init(_ test: @escaping @Sendable (ClientRequest) -> Bool) {
        self.test = test
    }

    /// Whether the condition holds for `request`.
    public func matches(_ request: ClientRequest) -> Bool {
        test(request)
    }

    /// Requests to `host`, compared without case: `"api.example.com"` on any port, or
    /// `"api.example.com:8443"` on that port only (as the URL spells it: a default port left out of the
    /// URL does not match `:443`). A relative request has no host yet: put the
    /// conditional layer inside ``Client/targeting(_:)`` so it sees absolute URLs.
    public static func host(_ host: String) -> RequestCondition {
        let wanted = host.lowercased()
        // `host:port` or `[v6]:port`; a bare IPv6 address (two colons or more) has no port.
        let colons = wanted.filter { $0 == ":" }.count
        let withPort = wanted.hasPrefix("[") ? wanted.contains("]:") : colons == 1
        return RequestCondition { request in
            guard let authority = request.head.authority?.lowercased() else { return false }
            let withoutUser = authority.split(separator: "@").last.map(String.init) ?? authority
            return withPort ? withoutUser == wanted : Self.hostPart(of: withoutUser) == wanted.trimmingCharacters(in: ["[", "]"])
        }
    }

    /// Requests whose path starts with `prefix` at a segment boundary: `/admin` matches `/admin` and
    /// `/admin/users`, not `/administrators`; `/` matches every path. Paths are compared as sent,
    /// without resolving `.` segments or duplicate slashes: to keep requests *out* of a layer, prefer a
    /// positive condition for the requests that need it.
    public static func pathPrefix(_ prefix: String) -> RequestCondition {
        var normalized = prefix.hasPrefix("/") ? prefix : "/" + prefix
        if normalized.hasSuffix("/") { normalized.removeLast() }
        let prefix = normalized
        return RequestCondition { request in
            let path = request.head.path.map { $0.split(separator: "?", maxSplits: 1).first.map(String.init) ?? $0 } ?? "/"
            return path == prefix || path.hasPrefix(prefix + "/") || prefix.isEmpty
        }
    }

    /// Requests with one of `methods`.
    public static func method(_ methods: HTTPRequest.Method...) -> RequestCondition {
        let methods = Set(methods)
        return RequestCondition { methods.contains($0.method) }
    }

    /// Requests for the operation `operationID` (``RequestOptions/operationID``, which generated
    /// clients set from the OpenAPI document).
    public static func operation(_ operationID: String) -> RequestCondition {
        RequestCondition { $0.options.operationID == operationID }
    }

    /// Both conditions hold.
    public static func && (lhs: RequestCondition, rhs: RequestCondition) -> RequestCondition {
        RequestCondition { lhs.matches($0) && rhs.matches($0) }
    }

    /// Either condition holds.
    public static func || (lhs: RequestCondition, rhs: RequestCondition) -> RequestCondition {
        RequestCondition { lhs.matches($0) || rhs.matches($0) }
    }

    /// The condition does not hold.
    public static prefix func ! (condition: RequestCondition) -> RequestCondition {
        RequestCondition { !condition.matches($0) }
    }

    private static func hostPart(of withoutUser: String) -> String {
        if withoutUser.hasPrefix("["), let end = withoutUser.firstIndex(of: "]") {
            return String(withoutUser[withoutUser.index(after: withoutUser.startIndex)..<end])
        }
        return withoutUser.split(separator: ":", maxSplits: 1).first.map(String.init) ?? withoutUser
    }
}
