/// Every failure Courier reports: what kind it is, the request (and response, when there was one) that
/// produced it, the attempt, and the underlying error.
///
/// Printing it gives a diagnosis a person can act on, with credentials redacted:
///
/// ```text
/// the server answered 404 Not Found.
///   kind:     unacceptableStatus(404)
///   request:  GET http://127.0.0.1:8080/articles/42
///             Authorization: <redacted>
///   response: 404 Not Found
///             Content-Type: application/json
///   body:     {"error":"no article 42"} (25 bytes)
///   attempt:  1
///   hint:     a client error: check the path, the parameters, the body and the credentials.
/// ```
///
/// Context is added, never overwritten: a layer that catches an error fills in only what is missing.
public struct NetworkError: Error, Sendable {
    /// What went wrong, as a closed set of categories to switch over.
    public var kind: Kind
    /// A sentence with the specifics (which header, which limit, which part of the URL).
    public var message: String?
    /// The request that failed, as it was sent (or as far as it was built).
    public var request: ClientRequest?
    /// The response, when one arrived.
    public var response: ClientResponse?
    /// The error that caused this one (a `URLError`, a `DecodingError`, …).
    public var underlying: (any Error)?
    /// Which attempt failed, counting from 1: the attempt of the request or response the error carries
    /// (``RequestOptions/attempt``, raised by retrying layers), unless given.
    public var attempt: Int
    /// Set when an operation's decode closure, not an ``AcceptableStatus``, turned the status down: the
    /// description's hint then says what the operation documents.
    var operationStatus: OperationStatus?

    /// Creates an error. Prefer filling in `request` and `response` so the description can show them.
    public init(
        _ kind: Kind,
        message: String? = nil,
        request: ClientRequest? = nil,
        response: ClientResponse? = nil,
        underlying: (any Error)? = nil,
        attempt: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.request = request ?? response?.request
        self.response = response
        self.underlying = underlying
        // NOTE: the response's request is the one the transport sent, whose attempt a retrying layer set:
        // the error an endpoint makes of the last of three 503s says attempt 3.
        self.attempt = attempt ?? max(response?.request.options.attempt ?? 1, request?.options.attempt ?? 1)
    }
}

extension NetworkError {
    /// Turns any error thrown while sending into a `NetworkError` and fills in the request and response
    /// it lacks, keeping whatever it already carries.
    public static func wrapping(_ error: any Error, request: ClientRequest?, response: ClientResponse? = nil) -> NetworkError {
        var wrapped: NetworkError
        switch error {
        case let error as NetworkError:
            wrapped = error
        case is CancellationError:
            wrapped = NetworkError(.cancelled, message: "the calling task was cancelled.", underlying: error)
        case let error as DecodingError:
            wrapped = NetworkError(
                .decodingFailed(codingPath: error.codingPathDescription),
                message: error.summary,
                underlying: error
            )
        default:
            wrapped = NetworkError(.transportFailed, message: "\(error)", underlying: error)
        }
        wrapped.request = wrapped.request ?? response?.request ?? request
        wrapped.response = wrapped.response ?? response
        wrapped.attempt = max(wrapped.attempt, wrapped.response?.request.options.attempt ?? 1, wrapped.request?.options.attempt ?? 1)
        return wrapped
    }
}
