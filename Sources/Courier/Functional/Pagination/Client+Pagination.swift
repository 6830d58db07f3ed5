extension Client {
    /// The pages of `endpoint` and the pages after it, as `strategy` finds them, decoded one at a time as
    /// the caller iterates.
    ///
    /// Nothing is sent until the iteration starts, and each page is requested only when the next one is
    /// asked for: breaking out of the loop or cancelling the task stops the requests (see
    /// ``PageSequence``).
    ///
    /// ```swift
    /// struct Feed: Decodable, Sendable { var items: [String]; var next: String? }
    ///
    /// let feed = Endpoint<Feed>(path: "/feed")
    /// for try await page in client.pages(of: feed, strategy: .cursor { $0.next }) {
    ///     print(page.items)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: the first page.
    ///   - strategy: how to find each next page: ``PaginationStrategy/pageNumbers(_:startingAt:)``,
    ///     ``PaginationStrategy/cursor(_:next:)``, ``PaginationStrategy/linkHeader`` or your own.
    public func pages<Value: Sendable>(of endpoint: Endpoint<Value>, strategy: PaginationStrategy<Value>) -> PageSequence<Value> {
        PageSequence(client: self, first: endpoint, strategy: strategy)
    }

    /// The elements of every page of `endpoint`, in order, for an endpoint whose value is the page's list.
    ///
    /// ```swift
    /// var ids = Set<Int>()
    /// for try await id in client.elements(of: Endpoint<[Int]>(path: "/ids"), strategy: .pageNumbers()) {
    ///     ids.insert(id)
    /// }
    /// ```
    public func elements<Page: Sequence & Sendable>(
        of endpoint: Endpoint<Page>,
        strategy: PaginationStrategy<Page>
    ) -> PageElementSequence<Page, Page> where Page.Element: Sendable {
        PageElementSequence(pages: pages(of: endpoint, strategy: strategy)) { $0 }
    }

    /// The elements of every page of `endpoint`, in order, read from each page by `items`: for pages that
    /// wrap their list with other data, such as the next cursor.
    ///
    /// ```swift
    /// struct Feed: Decodable, Sendable { var items: [String]; var next: String? }
    ///
    /// let feed = Endpoint<Feed>(path: "/feed")
    /// for try await item in client.elements(of: feed, strategy: .cursor { $0.next }, items: { $0.items }) {
    ///     print(item)
    /// }
    /// ```
    public func elements<Page: Sendable, Items: Sequence>(
        of endpoint: Endpoint<Page>,
        strategy: PaginationStrategy<Page>,
        items: @escaping @Sendable (Page) -> Items
    ) -> PageElementSequence<Page, Items> where Items.Element: Sendable {
        PageElementSequence(pages: pages(of: endpoint, strategy: strategy), items: items)
    }
}
