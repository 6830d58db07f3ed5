import Foundation

extension EndpointResponse {
    /// The response's status code, for a `switch` over an operation's documented statuses.
    public var status: Int {
        response.status.code
    }

    /// The body decoded from JSON with the endpoint's decoder, checked against its documented schema: a body
    /// that does not decode as `type`, or an error body (not `2xx`) that a ``DocumentedObject`` would take for
    /// an empty value, is reported as a ``SchemaMismatch`` (see ``DocumentDrift`` for the error's kind).
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/emptyBody`` when there is no body, or
    ///   ``NetworkError/Kind/decodingFailed(codingPath:)`` naming where it does not match `type` (for an error
    ///   status under a tolerant ``DocumentDrift``, ``NetworkError/Kind/unacceptableStatus(_:)``), with the
    ///   ``SchemaMismatch`` as its underlying error.
    public func json<T: Decodable>(_ type: T.Type) throws -> T {
        guard !data.isEmpty else {
            throw NetworkError(.emptyBody, message: "expected JSON for \(T.self), but the body is empty.", response: response)
        }
        // NOTE: only an error body gets the key check (see `DocumentedObject`), and it reads the keys in the
        // same parse as the value: a success body is parsed once, as before.
        let object = (200..<300).contains(status) ? nil : T.self as? any DocumentedObject.Type
        do {
            guard let object else { return try decoder.decode(T.self, from: data) }
            let decoded = try decoder.decode(KeyedValue<T>.self, from: data)
            if let reason = object.mismatch(keys: decoded.keys) {
                throw mismatch(SchemaMismatch(status: status, schema: "\(T.self)", reason: reason, body: data), codingPath: "")
            }
            return decoded.value
        } catch let error as DecodingError {
            let found = SchemaMismatch(status: status, schema: "\(T.self)", reason: error.summary, body: data, decodingError: error)
            throw mismatch(found, codingPath: error.codingPathDescription)
        } catch let error as NetworkError {
            throw error
        } catch {
            throw NetworkError.wrapping(error, request: response.request, response: response)
        }
    }

    /// The body as UTF-8 text.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/decodingFailed(codingPath:)`` when the bytes
    ///   are not UTF-8.
    public func text() throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw NetworkError(.decodingFailed(codingPath: ""), message: "the body is not UTF-8 text.", response: response)
        }
        return text
    }

    /// The error for a documented failure status: ``NetworkError/Kind/unacceptableStatus(_:)`` with
    /// `documented` (the operation's typed error) as its ``NetworkError/underlying`` error, which
    /// ``NetworkError/documentedError(as:)`` gets back and the error's description shows as its cause.
    ///
    /// ```swift
    /// case 404: throw response.failure(GetPetError.notFound)
    /// ```
    public func failure(_ documented: some Error & Sendable) -> NetworkError {
        var error = NetworkError(.unacceptableStatus(status), response: response, underlying: documented)
        error.operationStatus = .documentedFailure
        return error
    }

    /// The error for a status the operation does not document:
    /// ``NetworkError/Kind/unacceptableStatus(_:)``.
    public func unacceptable() -> NetworkError {
        var error = NetworkError(.unacceptableStatus(status), response: response)
        error.operationStatus = .unhandled
        return error
    }
}
