extension PaginationStrategy {
    /// Follows the RFC 8288 `Link` header: the next page is the target of the first link whose `rel`
    /// includes `next` (case-insensitively, among several relation types, in any `Link` field); a
    /// response without one was the last page.
    ///
    /// The target may be relative; it is resolved against the URL of the page it came with. It must
    /// stay on that page's origin (scheme, host and port) and under the ``Server``'s base path, because
    /// the next page is sent as an ``Endpoint`` through the same client, with the same credentials:
    /// a next link to another origin is refused, never followed, and the iteration fails (rather than
    /// ending quietly with part of the data).
    ///
    /// ```swift
    /// let issues = Endpoint<[Int]>(path: "/repos/apple/swift/issues", query: [URLQueryItem(name: "per_page", value: "100")])
    /// for try await page in client.pages(of: issues, strategy: .linkHeader) {
    ///     print(page.count)
    /// }
    /// ```
    ///
    /// A link with an `anchor` parameter describes another resource than the page, and is ignored.
    ///
    /// - Throws (when asked for the next page): ``NetworkError`` of kind ``NetworkError/Kind/invalidURL``
    ///   when the next link is not an http(s) URL, is on another origin, is outside the server's base
    ///   path, or came with a response that a redirect fetched from another origin.
    public static var linkHeader: PaginationStrategy {
        PaginationStrategy { endpoint, _, response in
            let links = WebLink.links(in: response.head.headerFields)
            guard let next = links.first(where: { $0.hasRelation("next") && $0.parameters["anchor"] == nil }) else {
                return nil
            }
            return try endpoint.following(link: next.target, from: response)
        }
    }
}
