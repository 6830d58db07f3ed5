// Declared in the core, which prints it in requests and errors; logging and instrumentation show it too.

/// The number ``Client/numbered()`` gives a request.
enum RequestNumberOptionKey: RequestOptionKey {
    static let defaultValue: Int? = nil
}

extension RequestOptions {
    /// The request's number from ``Client/numbered()``, counting from 1 for each numbering client;
    /// `nil` when no numbering layer has seen the request.
    ///
    /// Logs, metrics, errors and cURL output show it, so the lines about one request can be found
    /// among many concurrent ones.
    public var number: Int? {
        get { self[RequestNumberOptionKey.self] }
        set { self[RequestNumberOptionKey.self] = newValue }
    }
}
