import Foundation

extension PaginationStrategy {
    /// Cursor pagination: each page carries an opaque cursor for the next one, sent back as the query
    /// parameter `parameter` (replacing any value the endpoint had). A `nil` or empty cursor ends it.
    ///
    /// ```swift
    /// struct Feed: Decodable, Sendable { var items: [String]; var nextCursor: String? }
    ///
    /// let feed = Endpoint<Feed>(path: "/feed")
    /// for try await page in client.pages(of: feed, strategy: .cursor("after") { $0.nextCursor }) {
    ///     print(page.items)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parameter: the query parameter that carries the cursor.
    ///   - next: reads the next page's cursor from a page.
    public static func cursor(_ parameter: String = "cursor", next: @escaping @Sendable (Value) -> String?) -> PaginationStrategy {
        PaginationStrategy { endpoint, page, _ in
            guard let cursor = next(page), !cursor.isEmpty else { return nil }
            return endpoint.settingQueryItem(parameter, to: cursor)
        }
    }
}
