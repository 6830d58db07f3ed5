/// One way a request, a response or a JSON value differs from an OpenAPI document: where, and what is wrong.
///
/// `at` is an RFC 6901 JSON pointer into the message: `/path/id`, `/query/limit`, `/header/x-request-id`,
/// `/cookie/session`, `/body/items/0/name` (the body's own pointer after `/body`), `/status`. The problem is a
/// sentence a person can act on: `expected string, got 42`, `required property "name" is missing`.
public struct ContractProblem: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Where, as a JSON pointer into the message (`/body/name`).
    public var at: String
    /// What is wrong (`expected string, got 42`).
    public var problem: String

    /// A problem at `at`.
    public init(at: String, problem: String) {
        self.at = at
        self.problem = problem
    }

    /// `/body/name: expected string, got 42`.
    public var description: String { "\(at): \(problem)" }
}

extension ContractProblem {
    /// `base` extended by one reference token, escaped as RFC 6901 says (`~` → `~0`, `/` → `~1`).
    static func pointer(_ base: String, _ token: String) -> String {
        base + "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
