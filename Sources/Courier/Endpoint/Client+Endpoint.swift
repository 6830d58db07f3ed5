import Foundation

extension Client {
    /// Sends an endpoint's request and returns its decoded value.
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/unacceptableStatus(_:)`` when the status is not
    ///   one the endpoint accepts, ``NetworkError/Kind/decodingFailed(codingPath:)`` or
    ///   ``NetworkError/Kind/emptyBody`` when the body does not decode, or any transport kind.
    public func send<Value>(_ endpoint: Endpoint<Value>) async throws -> Value {
        try await response(endpoint).0
    }

    /// Sends an endpoint's request and returns its decoded value and the response, whose body is the
    /// collected bytes.
    ///
    /// - Throws: the same errors as sending the endpoint for its value.
    public func response<Value>(_ endpoint: Endpoint<Value>) async throws -> (Value, ClientResponse) {
        var request: ClientRequest
        do {
            request = try endpoint.makeRequest(encoder: configuration.encoder)
        } catch {
            throw NetworkError.wrapping(error, request: nil)
        }
        // NOTE: the door is opened here, not in `sendCollecting`: a response the front answers (a cache hit)
        // then costs no asynchronous call at all (Benchmarks/load, the cache hit).
        switch try open(&request) {
        case .answered(let answer):
            if let body = Self.bytesInMemory(of: answer) {
                return try decoded(answer, body, as: endpoint)
            }
            let (response, data) = try await Self.collect(answer)
            return try decoded(response, data, as: endpoint)
        case .send(let next):
            let (response, data) = try await passCollecting(request, into: next)
            return try decoded(response, data, as: endpoint)
        }
    }

    /// The endpoint's value from a response and its collected body, and the response; the status must be
    /// one the endpoint accepts.
    private func decoded<Value>(_ response: consuming ClientResponse, _ data: consuming Data, as endpoint: Endpoint<Value>) throws -> (Value, ClientResponse) {
        guard endpoint.acceptableStatus.contains(response.status) else {
            throw NetworkError(.unacceptableStatus(response.status.code), response: response)
        }
        let decoder = endpoint.readsDecoder ? endpoint.decoder ?? configuration.decoder : nil
        return try Self.decode(EndpointResponse(data: data, response: response, decoder: decoder), with: endpoint)
    }

    /// The endpoint's value from `input`, and the response.
    ///
    /// NOTE: the response moves into the input and back out, never copied: each copy of a response counts
    /// references to its head and body. A synchronous function of its own: in the asynchronous caller the
    /// compiler kept a copy of the input (and of its response) alive for the error path (Benchmarks/load,
    /// the cache hit).
    private static func decode<Value>(_ input: consuming EndpointResponse, with endpoint: Endpoint<Value>) throws -> (Value, ClientResponse) {
        let value: Value
        do {
            value = try endpoint.decode(input)
        } catch {
            throw NetworkError.wrapping(error, request: input.response.request, response: input.response)
        }
        return (value, input.takeResponse())
    }
}
