extension TestServer {
    /// What ``TestServer``'s `GET /pages/cursor` route answers: one page of numbers and the cursor of the
    /// next page, for cursor pagination tests.
    public struct CursorPage: Codable, Sendable, Equatable {
        /// The numbers on this page, in order: a slice of `1…total`.
        public var items: [Int]
        /// The cursor to send as `cursor=` for the next page; `nil` on the last page.
        public var next: String?

        /// Creates a page.
        public init(items: [Int], next: String?) {
            self.items = items
            self.next = next
        }
    }
}
