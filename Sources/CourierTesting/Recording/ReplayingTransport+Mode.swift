extension ReplayingTransport {
    /// How a ``ReplayingTransport`` picks the recorded entry that answers a request.
    public struct Mode: Sendable, Hashable {
        enum Order: Sendable, Hashable {
            case inOrder
            case byMatch
        }

        let order: Order
        let reusesEntries: Bool

        /// Each request must match the next entry, in the recorded order: for tests of a fixed sequence
        /// of calls, where a request out of place is itself the failure.
        public static let inOrder = Mode(order: .inOrder, reusesEntries: false)

        /// Each request gets the first entry not yet used that matches it, whatever the order: for code
        /// that sends concurrently or in an order that may change. An entry answers once.
        public static let byMatch = Mode(order: .byMatch, reusesEntries: false)

        /// Like ``byMatch``; with `reusingEntries`, once every matching entry has answered, the last of
        /// them answers again (a resource read over and over, after recorded changes, keeps its last
        /// state).
        public static func byMatch(reusingEntries: Bool) -> Mode {
            Mode(order: .byMatch, reusesEntries: reusingEntries)
        }
    }
}
