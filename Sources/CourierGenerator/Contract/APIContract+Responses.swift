import Foundation
import OpenAPIKit

extension APIContract {
    /// Everything in `response` that the document does not describe for `operation`: a status it does not list
    /// (exactly, as a range such as `4XX`, or as `default`), a content type it does not list, a body where it
    /// describes none, and a JSON body that does not match the schema. Empty when the response fits. Of a response to
    /// `HEAD`, a 204 and a 304, only the status is checked: they carry no body.
    public func problems(with response: ContractResponse, for operation: ContractOperation) -> [ContractProblem] {
        guard let documented = self.response(status: response.status, for: operation) else {
            let codes = operation.operation.responses.keys.map(\.rawValue).joined(separator: ", ")
            return [ContractProblem(at: "/status", problem: "\(response.status) is not a documented status (documented: \(codes))")]
        }
        // NOTE: a response to HEAD, a 204 and a 304 never carry a body (RFC 9110 §9.3.2, §15.3.5, §15.4.5), whatever
        // the document describes for the status: only the status is theirs to check.
        if operation.requestMethod == "HEAD" || response.status == 204 || response.status == 304 { return [] }
        let body = response.body
        if documented.content.isEmpty {
            guard let body, !body.isEmpty else { return [] }
            return [ContractProblem(
                at: "/body", problem: "the document describes no body for status \(response.status), got \(body.count) bytes")]
        }
        let listed = ContractMediaTypes.listed(documented.content)
        guard let contentType = response.value(of: "Content-Type") else {
            if let body, body.isEmpty { return [] }
            return [ContractProblem(at: "/header/content-type", problem: "missing; the documented content types are \(listed)")]
        }
        guard let mediaType = ContractMediaTypes.documented(contentType, in: documented.content) else {
            return [ContractProblem(
                at: "/header/content-type", problem: "\(MediaKind.bare(contentType)) is not a documented content type (\(listed))")]
        }
        guard let body, MediaKind(mediaType: contentType) == .json, let entry = documented.content[mediaType],
            let schema = document.components[entry]?.schema
        else { return [] }
        guard let value = try? ExampleValue(json: body) else {
            return [ContractProblem(at: "/body", problem: body.isEmpty ? "is empty, not JSON" : "is not valid JSON")]
        }
        return validator.problems(with: value, against: schema, at: "/body")
    }

    /// The documented response for `status`: the exact code, else its range (`4XX`), else `default`.
    func response(status: Int, for operation: ContractOperation) -> OpenAPI.Response? {
        let responses = operation.operation.responses
        let range = "\(status / 100)XX"
        let entry = responses.first { $0.key.value == .status(code: status) }?.value
            ?? responses.first { $0.key.rawValue.uppercased() == range }?.value
            ?? responses.first { $0.key.value == .default }?.value
        return entry.flatMap { document.components[$0] }
    }
}
