/// The elements of every page of a paginated endpoint, in order, as one `AsyncSequence`: what
/// ``Client/elements(of:strategy:)`` and ``Client/elements(of:strategy:items:)`` return.
///
/// It requests pages as ``PageSequence`` does, one at a time and only when the elements of the pages
/// before have been consumed; empty pages are skipped. Breaking out of the loop requests nothing more.
///
/// ```swift
/// for try await id in client.elements(of: Endpoint<[Int]>(path: "/ids"), strategy: .pageNumbers()) {
///     print(id)
/// }
/// ```
public struct PageElementSequence<Page: Sendable, Items: Sequence>: AsyncSequence, Sendable where Items.Element: Sendable {
    /// One element of a page.
    public typealias Element = Items.Element
    /// Every error is a ``NetworkError``.
    public typealias Failure = NetworkError

    private let pages: PageSequence<Page>
    private let items: @Sendable (Page) -> Items

    init(pages: PageSequence<Page>, items: @escaping @Sendable (Page) -> Items) {
        self.pages = pages
        self.items = items
    }

    /// An iterator that starts at the first page; it sends nothing until its first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), items: items)
    }

    /// Returns the elements of the current page, then fetches the next page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var pages: PageSequence<Page>.AsyncIterator
        private let items: @Sendable (Page) -> Items
        private var current: Items.Iterator?

        init(pages: PageSequence<Page>.AsyncIterator, items: @escaping @Sendable (Page) -> Items) {
            self.pages = pages
            self.items = items
        }

        /// The next element, fetching pages as needed; `nil` after the last element of the last page.
        ///
        /// - Throws: what ``PageSequence/AsyncIterator/next()`` throws.
        public mutating func next() async throws(NetworkError) -> Items.Element? {
            while true {
                if let element = current?.next() {
                    return element
                }
                current = nil
                guard let page = try await pages.next() else { return nil }
                current = items(page).makeIterator()
            }
        }
    }
}
