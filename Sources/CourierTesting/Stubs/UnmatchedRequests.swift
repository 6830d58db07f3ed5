extension StubTransport {
    /// What a ``StubTransport`` does with a request no stub matches, besides throwing a `NetworkError` of kind
    /// `transportFailed` that names the request and says why each stub did not match.
    ///
    /// By default the request also fails the test that is running, even when the code under test swallows
    /// the error (a `try?`, a view model that shows an empty list, a fallback value), and the failure points
    /// at the line that created the transport. A test that sends such a request on purpose, to check the
    /// error, says so:
    ///
    /// ```swift
    /// let stubs = StubTransport(unmatched: .expected).stub(.get, "/articles", with: .json("[]"))
    /// let client = Client(transport: stubs).targeting(.production)
    /// try await assertFails(.article(id: 7), on: client, with: .transportFailed)
    /// ```
    public enum UnmatchedRequests: Sendable, Equatable {
        /// Throws, and records a failure in the running test at the line that created the transport: an
        /// issue (`Issue.record`) in a Swift Testing test, `XCTFail` in an XCTest test case. The default.
        case failsTheTest
        /// Only throws: for a test that sends a request no stub matches on purpose.
        case expected
    }
}
