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
        // NOTE: the route is taken here, not in `sendCollecting`: a response the front answers (a cache
        // hit) then costs no asynchronous call at all (Benchmarks/load, the cache hit).
        switch route(&request) {
        case .answered(let answer):
            let watched = Self.watchingProgress(answer, of: request)
            if let body = Self.bytesInMemory(of: watched) {
                return try decoded(watched, body, as: endpoint)
            }
            let (response, data) = try await Self.collect(watched)
            return try decoded(response, data, as: endpoint)
        case .send(let next):
            let (response, data) = try await sendCollecting(request, into: next)
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

    /// Sends `request` and reads its body to the end, within ``RequestOptions/maxResponseBodySize``:
    /// the response (its body now the collected bytes) and the bytes. Shared by endpoints and the
    /// package's other modules (`CourierOperators`).
    ///
    /// - Throws: ``NetworkError`` from sending or reading; the error keeps the response.
    package func sendCollecting(_ request: ClientRequest) async throws -> (ClientResponse, Data) {
        var request = request
        switch route(&request) {
        case .answered(let answer):
            return try await Self.collect(Self.watchingProgress(answer, of: request))
        case .send(let next):
            return try await sendCollecting(request, into: next)
        }
    }

    /// Sends `request` into `next` (what ``route(_:)`` left of the chain) and reads its body.
    private func sendCollecting(_ request: ClientRequest, into next: Next) async throws -> (ClientResponse, Data) {
        // NOTE: reading the body belongs with the exchange, on the transport's executor; decoding, which
        // may take long for a large body, is left to the caller's.
        // NOTE: without a layer executor, no detour through `onLayerExecutor`'s closure: each async call
        // on the way costs a check of the task's executor (Benchmarks/load, the cache hit).
        guard configuration.layerExecutorProvider != nil else {
            return try await Self.collect(sendHere(request, into: next))
        }
        return try await onLayerExecutor { try await Self.collect(sendHere(request, into: next)) }
    }

    /// The body of `response` when it is already in memory and within the request's limit: its bytes,
    /// with no asynchronous read (a cache hit, a stub).
    private static func bytesInMemory(of response: ClientResponse) -> Data? {
        guard let data = response.body.bufferedData, data.count <= response.request.options.maxResponseBodySize else { return nil }
        return data
    }

    /// `response` with its body read to the end, within the request's ``RequestOptions/maxResponseBodySize``,
    /// and the bytes.
    private static func collect(_ response: ClientResponse) async throws -> (ClientResponse, Data) {
        if let data = bytesInMemory(of: response) { return (response, data) }
        var collected = response
        let data: Data
        do {
            data = try await collected.body.collect(upTo: response.request.options.maxResponseBodySize)
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
