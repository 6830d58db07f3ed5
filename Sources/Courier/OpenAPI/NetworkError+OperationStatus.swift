extension NetworkError {
    /// How an operation's decode closure judged a status it did not return a value for: the endpoint accepts every
    /// status (`accepting: .any`) and decides itself, so the ``AcceptableStatus`` hint would send the reader to a
    /// setting that played no part.
    enum OperationStatus: Sendable {
        /// A status the operation documents as a failure (``EndpointResponse/failure(_:)``).
        case documentedFailure
        /// A status the decode closure does not handle (``EndpointResponse/unacceptable()``).
        case unhandled
    }

    /// The hint for an ``Kind/unacceptableStatus(_:)`` an operation's decode closure made.
    func operationStatusHint(_ judged: OperationStatus, code: Int) -> String {
        let operation = (response?.request ?? request)?.options.operationID
        switch judged {
        case .documentedFailure:
            let typed = "a failure the operation documents; documentedError(as:) gives its typed value (the cause above)"
            if (400..<500).contains(code) {
                return typed + ". A client error: check the path, the parameters, the body and the credentials."
            }
            if code >= 500 { return typed + ". A server error: the server failed; the body above may say why." }
            return typed + "."
        case .unhandled:
            let whose = operation.map { "operation '\($0)' does not document status \(code)" }
                ?? "the endpoint's decode closure does not handle status \(code)"
            if (300..<400).contains(code) {
                return whose + ": a redirect that no layer followed; add .followingRedirects() to the client "
                    + "(Client.standard has it)."
            }
            guard operation != nil else { return whose + "; handle it there if it is expected." }
            return whose + ": the server answered what its OpenAPI document does not describe; the body above may say "
                + "why, and the document may need the status (then regenerate the client)."
        }
    }
}
