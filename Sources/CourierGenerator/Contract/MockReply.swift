import Foundation

/// What `courier mock` answers to a request: a status, header fields and a body (always empty for a 204, a 304 and
/// a response to `HEAD`).
public struct MockReply: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields (`Content-Type`, `Allow`).
    public var headerFields: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// A reply of `status` with `headerFields` and `body`.
    public init(status: Int, headerFields: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// A JSON error reply: `{"error":…,"problems":[{"at":…,"problem":…}]}` (keys sorted, so always the same bytes).
    static func error(
        _ status: Int, _ message: String, problems: [ContractProblem] = [], extra: [(name: String, value: String)] = []
    ) -> MockReply {
        var members: [String: ExampleValue] = ["error": .string(message)]
        if !problems.isEmpty {
            members["problems"] = .array(problems.map { .object(["at": .string($0.at), "problem": .string($0.problem)]) })
        }
        return MockReply(
            status: status, headerFields: [(name: "Content-Type", value: "application/json")] + extra,
            body: Data(ExampleValue.object(members).canonicalJSON.utf8))
    }
}

/// What a request's `Prefer` header asks a mock for, in Prism's convention: `Prefer: code=404`,
/// `Prefer: example=cat`, or both (`code=404, example=missing`).
struct MockPreference: Equatable {
    var code: Int?
    var example: String?
    /// A `code=` that is not a status code the mock can answer with (200 to 599), quoted back in the 400.
    var badCode: String?

    init(header values: [String]) {
        for token in values.flatMap({ $0.split(whereSeparator: { $0 == "," || $0 == ";" }) }) {
            let parts = token.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            let value = parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2
                ? String(parts[1].dropFirst().dropLast()) : parts[1]
            switch parts[0].lowercased() {
            case "code":
                // NOTE: a 1xx is not a final answer: HTTP/1.1 would send it and then still owe the response.
                if let status = Int(value), (200...599).contains(status) { code = status } else { badCode = value }
            case "example":
                example = value
            default:
                continue
            }
        }
    }
}
