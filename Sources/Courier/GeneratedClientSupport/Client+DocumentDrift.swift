extension Client {
    /// A client whose generated operations treat drift from their documents with `policy`, unless a request
    /// sets its own ``RequestOptions/documentDrift``.
    ///
    /// ```swift
    /// let strict = client.handlingDocumentDrift(.strict)                       // tests, CI
    /// let tolerant = client.handlingDocumentDrift(.tolerant(logger: logger))   // warnings to your logger
    /// ```
    public func handlingDocumentDrift(_ policy: DocumentDrift) -> Client {
        with(DocumentDriftDefault(policy: policy))
    }
}

/// Sets ``RequestOptions/documentDrift`` on requests that do not set it. The generated decoding reads it from
/// the response's request, which is the request as this layer passed it on.
struct DocumentDriftDefault: Middleware {
    let policy: DocumentDrift

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard !request.options.contains(DocumentDriftOptionKey.self) else { return try await next(request) }
        var request = request
        request.options.documentDrift = policy
        return try await next(request)
    }
}
