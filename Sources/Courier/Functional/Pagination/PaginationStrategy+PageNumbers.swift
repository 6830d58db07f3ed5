import Foundation

extension PaginationStrategy {
    /// Numbered pages: the next page is the same endpoint with the query parameter `parameter` one
    /// higher, until `isLastPage` says the page just fetched was the last.
    ///
    /// The current number is read from the endpoint's ``Endpoint/query``; when the first endpoint does
    /// not have the parameter, it is taken to be page `first` (the server's default), so the second
    /// request asks for `first + 1`.
    ///
    /// ```swift
    /// struct Results: Decodable, Sendable { var items: [Int]; var pageCount: Int; var page: Int }
    ///
    /// let strategy = PaginationStrategy<Results>.pageNumbers { $0.page >= $0.pageCount }
    /// for try await page in client.pages(of: Endpoint<Results>(path: "/results"), strategy: strategy) {
    ///     print(page.items)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parameter: the query parameter that carries the page number.
    ///   - first: the number of the first page (`0` for zero-based APIs).
    ///   - isLastPage: whether the page just fetched was the last one.
    /// - Throws (when asked for the next page): ``NetworkError`` of kind ``NetworkError/Kind/invalidURL``
    ///   when the endpoint's parameter is not a whole number, or the next number would overflow.
    public static func pageNumbers(
        _ parameter: String = "page",
        startingAt first: Int = 1,
        isLastPage: @escaping @Sendable (Value) -> Bool
    ) -> PaginationStrategy {
        PaginationStrategy { endpoint, page, _ in
            guard !isLastPage(page) else { return nil }
            let current: Int
            if let text = endpoint.queryValue(named: parameter) {
                guard let number = Int(text) else {
                    throw NetworkError(.invalidURL, message: "the page number parameter '\(parameter)' is '\(text)', not a whole number.")
                }
                current = number
            } else {
                current = first
            }
            let (next, overflow) = current.addingReportingOverflow(1)
            guard !overflow else {
                throw NetworkError(.invalidURL, message: "the page number after \(current) does not fit in an Int.")
            }
            return endpoint.settingQueryItem(parameter, to: String(next))
        }
    }
}

// NOTE: `Sendable` because the `@Sendable` test for emptiness captures `Value`'s conformance; pages are
// `Sendable` anyway to be iterated.
extension PaginationStrategy where Value: Collection & Sendable {
    /// Numbered pages that end at the first empty page: for APIs that answer a page past the end with
    /// an empty list (`?page=1`, `?page=2`, … until `[]`).
    ///
    /// This costs one request for the empty page; when the API says more (a total, a page count, a
    /// short last page), ``pageNumbers(_:startingAt:isLastPage:)`` can stop one request earlier.
    ///
    /// ```swift
    /// for try await id in client.elements(of: Endpoint<[Int]>(path: "/ids"), strategy: .pageNumbers()) {
    ///     print(id)
    /// }
    /// ```
    public static func pageNumbers(_ parameter: String = "page", startingAt first: Int = 1) -> PaginationStrategy {
        pageNumbers(parameter, startingAt: first) { $0.isEmpty }
    }
}
