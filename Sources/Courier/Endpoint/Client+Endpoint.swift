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
        let request: ClientRequest
        do {
            request = try endpoint.makeRequest(encoder: configuration.encoder)
        } catch {
            throw NetworkError.wrapping(error, request: nil)
        }
        let (response, data) = try await sendCollecting(request)
        guard endpoint.acceptableStatus.contains(response.status) else {
            throw NetworkError(.unacceptableStatus(response.status.code), response: response)
        }
        let decoder = endpoint.readsDecoder ? endpoint.decoder ?? configuration.decoder : nil
        return try Self.decode(EndpointResponse(data: consume data, response: consume response, decoder: decoder), with: endpoint)
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

    /// Sends `request` and reads its body to the end, within ``RequestOptions/maxResponseBodySize``:
    /// the response (its body now the collected bytes) and the bytes. Shared by endpoints and the
    /// package's other modules (`CourierOperators`).
    ///
    /// - Throws: ``NetworkError`` from sending or reading; the error keeps the response.
    package func sendCollecting(_ request: ClientRequest) async throws -> (ClientResponse, Data) {
        // NOTE: reading the body belongs with the exchange, on the transport's executor; decoding, which
        // may take long for a large body, is left to the caller's.
        // NOTE: without a layer executor, no detour through `onLayerExecutor`'s closure: each async call
        // on the way costs a check of the task's executor (Benchmarks/load, the cache hit).
        guard configuration.layerExecutorProvider != nil else { return try await collectHere(request) }
        return try await onLayerExecutor { try await collectHere(request) }
    }

    private func collectHere(_ request: ClientRequest) async throws -> (ClientResponse, Data) {
        // Already on the layer executor: `sendHere`, not `send`, which would ask for it again.
        let response = try await sendHere(request)
        let limit = response.request.options.maxResponseBodySize
        // A body already in memory (a cache hit, a stub) is its bytes: no asynchronous read.
        if let data = response.body.bufferedData, data.count <= limit {
            return (response, data)
        }
        var collected = response
        let data: Data
        do {
            data = try await collected.body.collect(upTo: limit)
        } catch {
            // NOTE: the error keeps the response; it must not keep the unread stream (and so the transfer)
            // alive with it.
            collected.body = .empty
            throw NetworkError.wrapping(error, request: collected.request, response: collected)
        }
        collected.body = ResponseBody(data)
        return (collected, data)
    }
}
