import Foundation

extension TestServer {
    /// A canned response served at `/fixtures/{name}`: bytes and the header fields to send with them.
    public struct Fixture: Sendable {
        /// The body, sent as it is.
        public var body: Data
        /// Header fields, such as `Content-Type` or `Content-Encoding`.
        public var headers: [String: String]

        /// Creates a fixture from bytes and header fields.
        public init(body: Data, headers: [String: String]) {
            self.body = body
            self.headers = headers
        }

        /// A JSON document, with `Content-Type: application/json`.
        public static func json(_ text: String) -> Fixture {
            Fixture(body: Data(text.utf8), headers: ["Content-Type": "application/json"])
        }
    }
}
