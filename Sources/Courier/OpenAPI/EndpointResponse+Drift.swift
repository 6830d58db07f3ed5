import Logging

extension EndpointResponse {
    /// Whether this response's status, which its operation does not document, is decoded as the operation's
    /// one success type: a `2xx` under ``DocumentDrift/tolerant(logger:)``. When it is, a warning naming the
    /// operation, its documented success statuses and this status goes to the policy's logger.
    ///
    /// Generated operations with exactly one success type ask it in the `switch` over the status, after the
    /// documented cases:
    ///
    /// ```swift
    /// case 200: return try response.json(Task.self)
    /// case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"]):
    ///     return try response.json(Task.self)
    /// ```
    public func toleratesUndocumentedSuccess(documented: [String]) -> Bool {
        let policy = response.request.options.documentDrift
        guard policy.isTolerant, (200..<300).contains(status) else { return false }
        let operation = response.request.options.operationID ?? "\(response.request.method.rawValue) \(response.request.head.path ?? "")"
        let listed = documented.joined(separator: ", ")
        policy.logger.warning(
            "\(operation) answered \(status), which its document does not list (it documents \(listed)): decoded as its success type; the server has drifted from its document.",
            metadata: [
                "operation": "\(operation)",
                "status": "\(status)",
                "documented": "\(listed)",
            ])
        return true
    }

    /// The error for a documented body that does not match its schema: for an error status under
    /// ``DocumentDrift/tolerant(logger:)`` of kind ``NetworkError/Kind/unacceptableStatus(_:)`` (the status
    /// stays what callers handle), else of kind ``NetworkError/Kind/decodingFailed(codingPath:)``; the
    /// ``SchemaMismatch`` is its underlying error either way.
    func mismatch(_ mismatch: SchemaMismatch, codingPath: String) -> NetworkError {
        let kind: NetworkError.Kind =
            response.request.options.documentDrift.isTolerant && !(200..<300).contains(status)
            ? .unacceptableStatus(status) : .decodingFailed(codingPath: codingPath)
        return NetworkError(kind, message: mismatch.message, response: response, underlying: mismatch)
    }
}
