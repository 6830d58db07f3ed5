/// How to find the next page of a paginated endpoint: given the endpoint just fetched, its decoded page
/// and its response, the endpoint of the next page, or `nil` when that page was the last.
///
/// A strategy is a pure decision, separate from the loop that fetches pages
/// (``Client/pages(of:strategy:)``), so it can be tested without a server and reused across endpoints.
/// Courier ships the three common ones:
///
/// - ``pageNumbers(_:startingAt:)`` and ``pageNumbers(_:startingAt:isLastPage:)``: `?page=1`, `?page=2`, …
/// - ``cursor(_:next:)``: an opaque cursor taken from each page, sent back as a query parameter.
/// - ``linkHeader``: the RFC 8288 `Link: <…>; rel="next"` header, as GitHub and many others send it.
///
/// Write your own for anything else, such as an offset:
///
/// ```swift
/// let offsets = PaginationStrategy<[Article]> { endpoint, page, _ in
///     guard page.count == 50 else { return nil }
///     var next = endpoint
///     let offset = next.query.first { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
///     next.query.removeAll { $0.name == "offset" }
///     next.query.append(URLQueryItem(name: "offset", value: String(offset + 50)))
///     return next
/// }
/// ```
public struct PaginationStrategy<Value>: Sendable {
    private let decide: @Sendable (Endpoint<Value>, Value, ClientResponse) throws -> Endpoint<Value>?

    /// Creates a strategy from a function that returns the next page's endpoint, or `nil` after the last
    /// page. An error it throws ends the iteration with that error (as a ``NetworkError``).
    public init(
        next: @escaping @Sendable (_ endpoint: Endpoint<Value>, _ page: Value, _ response: ClientResponse) throws -> Endpoint<Value>?
    ) {
        decide = next
    }

    /// The endpoint of the page after `page`, which `endpoint` fetched with `response`; `nil` when `page`
    /// was the last one.
    ///
    /// - Throws: whatever the strategy throws (the built-in ones throw ``NetworkError``).
    public func next(after endpoint: Endpoint<Value>, page: Value, response: ClientResponse) throws -> Endpoint<Value>? {
        try decide(endpoint, page, response)
    }
}
