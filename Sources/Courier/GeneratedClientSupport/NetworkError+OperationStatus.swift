extension NetworkError {
    /// How an operation's decode closure judged a status it did not return a value for: the endpoint accepts every
    /// status (`accepting: .any`) and decides itself, so the ``AcceptableStatus`` hint would send the reader to a
    /// setting that played no part.
    enum OperationStatus: Sendable {
        /// A status the operation documents as a failure (``EndpointResponse/failure(_:)``).
        case documentedFailure
        /// A status the decode closure does not handle (``EndpointResponse/unacceptable()``).
        case unhandled
        /// A documented body that does not match its schema (``EndpointResponse/json(_:)``), whatever the kind.
        case schemaMismatch
    }

    /// The statuses a redirect-following layer follows; the generic hint lists the same.
    static let followableRedirects: Set<Int> = [301, 302, 303, 307, 308]

    /// The hint for an error an operation's decode closure made.
    func operationStatusHint(_ judged: OperationStatus, code: Int?) -> String {
        let operation = (response?.request ?? request)?.options.operationID
        switch judged {
        case .documentedFailure:
            let typed = "a failure the operation documents; documentedError(as:) gives its typed value (the cause above)"
            guard let code else { return typed + "." }
            if (400..<500).contains(code) {
                return typed + ". A client error: check the path, the parameters, the body and the credentials."
            }
            if code >= 500 { return typed + ". A server error: the server failed; the body above may say why." }
            return typed + "."
        case .schemaMismatch:
            let whose = operation.map { "operation '\($0)'" } ?? "the operation"
            return "the body does not match the schema \(whose) documents for this status; error.schemaMismatch has the "
                + "reason, the schema's type and the raw body. The server has drifted from its OpenAPI document, or "
                + "the document is wrong (then fix it and regenerate the client)."
        case .unhandled:
            let status = code.map { "status \($0)" } ?? "this status"
            let whose = operation.map { "operation '\($0)' does not document \(status)" }
                ?? "the endpoint's decode closure does not handle \(status)"
            if let code, Self.followableRedirects.contains(code) {
                return whose + ": a redirect that no layer followed; add .followingRedirects() to the client "
                    + "(Client.standard has it)."
            }
            guard operation != nil else { return whose + "; handle it there if it is expected." }
            return whose + ": the server answered what its OpenAPI document does not describe; the body above may say "
                + "why, and the document may need the status (then regenerate the client)."
        }
    }
}
