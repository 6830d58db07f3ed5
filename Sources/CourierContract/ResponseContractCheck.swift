import Courier
import CourierGenerator
import Foundation
import HTTPTypes
import Logging

/// Checks every response against an OpenAPI document and logs each way it differs; the response goes on unchanged.
///
/// NOTE: a buffered body is checked at once. Of a streamed one, the status and the content type are checked at once and
/// the body when its reader reaches the end, from a copy of at most `bodyLimit` bytes kept on the way (a body never
/// read, or longer, is not checked). The chunks the caller reads are the transport's own, in order, so the response is
/// never altered.
struct ResponseContractCheck: Middleware {
    let contract: APIContract
    let logger: Logger
    let level: Logger.Level
    let bodyLimit: Int

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let response = try await next(request)
        let sent = response.request.head
        let target = sent.path ?? "/"
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        let exchange = "\(response.status.code) to \(sent.method.rawValue) \(path)"
        guard case .operation(let operation) = contract.match(method: sent.method.rawValue, path: path) else {
            report([ContractProblem(at: "/path", problem: "\(sent.method.rawValue) \(path) is not an operation of the document")], exchange)
            return response
        }
        let fields = response.head.headerFields.map { (name: $0.name.rawName, value: $0.value) }
        let status = response.status.code
        let described = "\(exchange) (\(operation.name))"
        if let data = response.body.bufferedData {
            report(contract.problems(with: ContractResponse(status: status, headerFields: fields, body: data), for: operation), described)
            return response
        }
        // A body announced empty is known already: checked once, here, and not again when it is read.
        if response.body.length == 0 {
            report(contract.problems(with: ContractResponse(status: status, headerFields: fields, body: Data()), for: operation), described)
            return response
        }
        // The head now, the body once it has been read.
        report(contract.problems(with: ContractResponse(status: status, headerFields: fields, body: nil), for: operation), described)
        var checked = response
        checked.body = ResponseBody(length: response.body.length, chunks: BodyChunks { [self, body = response.body] in
            var iterator = body.makeAsyncIterator()
            var copy: Data? = Data()
            return {
                guard let chunk = try await iterator.next() else {
                    let outcome = ContractResponse(status: status, headerFields: fields, body: copy)
                    copy = nil
                    report(contract.problems(with: outcome, for: operation).filter { $0.at.hasPrefix("/body") }, described)
                    return nil
                }
                if let kept = copy?.count {
                    if kept + chunk.count <= bodyLimit { copy?.append(chunk) } else { copy = nil }
                }
                return chunk
            }
        })
        return checked
    }

    /// One log line per problem, so each can be searched for and counted.
    private func report(_ problems: [ContractProblem], _ exchange: String) {
        for problem in problems {
            logger.log(
                level: level, "response does not match the document: \(exchange): \(problem)",
                metadata: ["contract.at": .string(problem.at), "contract.problem": .string(problem.problem)])
        }
    }
}
