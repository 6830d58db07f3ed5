import HTTPTypes

/// The middleware behind ``Client/sendingUserAgent(_:)``.
struct SendingUserAgent: Middleware {
    let value: String

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard request.head.headerFields[.userAgent] == nil else { return try await next(request) }
        var request = request
        request.head.headerFields[.userAgent] = value
        return try await next(request)
    }
}

extension Client {
    /// `Courier/<version>`: the `User-Agent` ``standard(transport:redirects:cookies:userAgent:)`` sends.
    public static let defaultUserAgent = "Courier/\(courierVersion)"

    /// A client that sends `User-Agent: value` with every request that does not set one itself.
    ///
    /// Some APIs refuse requests without one (GitHub's answers 403). Name your application first, as
    /// RFC 9110 §10.1.5 suggests:
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .sendingUserAgent("Reader/2.1 \(Client.defaultUserAgent)")
    /// ```
    ///
    /// - Precondition: `value` is a valid field value (no CR, LF or NUL).
    public func sendingUserAgent(_ value: String = Client.defaultUserAgent) -> Client {
        precondition(HTTPField.isValidValue(value), "a User-Agent cannot contain CR, LF or NUL")
        return with(SendingUserAgent(value: value))
    }
}

/// The library's version, as in its release tags; the default `User-Agent` carries it.
let courierVersion = "0.1.0"
