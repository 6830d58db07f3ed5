import Foundation
import HTTPTypes

extension Endpoint {
    /// An endpoint for one API operation, as generated clients build them: its operation ID set, its
    /// parameters in place, its coders attached, and every status handed to `decode`, which returns the
    /// value for documented successes and throws ``EndpointResponse/failure(_:)`` or
    /// ``EndpointResponse/unacceptable()`` for the rest.
    ///
    /// ```swift
    /// Endpoint<Pet>(operation: "getPet", method: .get, path: "/pets/\(id)", coders: .iso8601) { response in
    ///     switch response.status {
    ///     case 200: return try response.json(Pet.self)
    ///     default: throw response.unacceptable()
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - method: the request method.
    ///   - path: the path, relative to the ``Server``'s base path, path parameters filled in.
    ///   - id: the operation ID, in ``RequestOptions/operationID`` (for `RequestCondition.operation`,
    ///     stubs, logs and metrics).
    ///   - parameters: the query items, header fields and cookies (one `Cookie` header); a parameter that
    ///     could not be encoded fails the request with ``NetworkError/Kind/encodingFailed`` when it is
    ///     built.
    ///   - body: the request body.
    ///   - accept: the `Accept` header, unless `parameters` set one; `nil` sends none.
    ///   - coders: the endpoint's ``encoder`` and ``decoder``.
    ///   - decode: turns the response, whatever its status, into the value or an error.
    public init(
        operation id: String,
        method: HTTPRequest.Method,
        path: RequestPath,
        parameters: OperationParameters = OperationParameters(),
        body: EndpointBody = .none,
        accept: String? = "application/json",
        coders: APICoders,
        decode: @escaping @Sendable (EndpointResponse) throws -> Value
    ) {
        var headers = parameters.headers
        if let cookie = parameters.cookieHeader {
            headers["Cookie"] = cookie
        }
        if let accept {
            headers = Self.headers(headers, defaultAccept: accept)
        }
        var body = body
        if let failure = parameters.failure {
            body = EndpointBody(encoded: { _ in throw failure })
        }
        self.init(
            method: method, path: path, query: parameters.queryItems, headers: headers, body: body,
            accepting: .any, options: RequestOptions(operationID: id), decode: decode
        )
        encoder = coders.encoder
        decoder = coders.decoder
    }
}
