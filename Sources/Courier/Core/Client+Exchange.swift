import Foundation

// The one door of a `Client`: every entry (`send`, endpoints, `sendCollecting`, `when`'s branches, streams,
// downloads, WebSockets) takes the request through `open(_:)` and, unless the front answered it at once,
// `pass(_:into:)`. Routing, the executor and download progress are each done here, once; errors are made
// `NetworkError`s where they arise (the terminal, each layer naming itself) and completed here.

extension Client {
    /// Sends a request through every layer and returns the response, whatever its status.
    ///
    /// When the request has ``RequestOptions/onProgress``, the returned body reports download progress
    /// to it as it is read.
    ///
    /// - Throws: ``NetworkError`` always: a layer's own error is ``NetworkError/Kind/middlewareFailed(layer:)``
    ///   naming the layer, a `CancellationError` becomes ``NetworkError/Kind/cancelled``, and the request
    ///   attached is the one as it was where the error arose (the layer's, or the transport's), or, for an
    ///   error of the front, as the outer layers had resolved it.
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        var request = request
        switch try open(&request) {
        case .answered(let response):
            return response
        case .send(let next):
            return try await pass(request, into: next)
        }
    }

    /// The door's first half: runs the layers at the front of the chain that work without suspending
    /// (``ImmediateMiddleware``) on `request`. Their answer (its body reporting progress), or the chain to
    /// send the request, as they changed it, into with ``pass(_:into:)``.
    func open(_ request: inout ClientRequest) throws -> ImmediateFront.Route {
        guard let front else { return .send(chain) }
        let route: ImmediateFront.Route
        do {
            route = try front.route(&request)
        } catch {
            throw NetworkError.wrapping(error, request: request)
        }
        guard case .answered(let response) = route else { return route }
        return .answered(Self.watchingProgress(response, of: request))
    }

    /// The door's second half: sends `request` into `next` (what ``open(_:)`` left of the chain), on the
    /// transport's layer executor when it offers one.
    func pass(_ request: ClientRequest, into next: Next) async throws -> ClientResponse {
        // NOTE: without a layer executor, no detour through `onLayerExecutor`'s closure: each async call on
        // the way costs a check of the task's executor (Benchmarks/load, the cache hit).
        guard configuration.layerExecutorProvider != nil else { return try await sendHere(request, into: next) }
        return try await onLayerExecutor { try await sendHere(request, into: next) }
    }

    /// ``pass(_:into:)``, then the body read to the end on the same executor (reading belongs with the
    /// exchange; decoding, which may take long for a large body, is left to the caller's).
    func passCollecting(_ request: ClientRequest, into next: Next) async throws -> (ClientResponse, Data) {
        guard configuration.layerExecutorProvider != nil else { return try await Self.collect(sendHere(request, into: next)) }
        return try await onLayerExecutor { try await Self.collect(sendHere(request, into: next)) }
    }

    /// The request through the chain below a fork (``when(_:_:)``): the front and the chain, with nothing
    /// the door does once per call (progress, the executor) done again.
    func forwarded(_ request: ClientRequest) async throws -> ClientResponse {
        var request = request
        guard let front else { return try await chain(request) }
        switch try front.route(&request) {
        case .answered(let response): return response
        case .send(let next): return try await next(request)
        }
    }

    private func sendHere(_ request: ClientRequest, into next: Next) async throws -> ClientResponse {
        let response: ClientResponse
        do {
            response = try await next(request)
        } catch {
            throw NetworkError.wrapping(error, request: request)
        }
        return Self.watchingProgress(response, of: request)
    }

    /// `response`, its body reporting download progress when `request` asks for it.
    ///
    /// NOTE: here, not in a middleware: only the body the caller reads is progress; bodies that layers
    /// read and drop on the way (a retried attempt, a redirect) are not.
    private static func watchingProgress(_ response: consuming ClientResponse, of request: ClientRequest) -> ClientResponse {
        guard let onProgress = request.options.onProgress else { return response }
        response.body = response.body.reportingDownloadProgress(to: onProgress)
        return response
    }

    /// Sends `request` and reads its body to the end, within ``RequestOptions/maxResponseBodySize``:
    /// the response (its body now the collected bytes) and the bytes. Shared by endpoints and the
    /// package's other modules (`CourierOperators`).
    ///
    /// - Throws: ``NetworkError`` from sending or reading; the error keeps the response.
    package func sendCollecting(_ request: ClientRequest) async throws -> (ClientResponse, Data) {
        var request = request
        switch try open(&request) {
        case .answered(let answer):
            return try await Self.collect(answer)
        case .send(let next):
            return try await passCollecting(request, into: next)
        }
    }

    /// The body of `response` when it is already in memory and within the request's limit: its bytes,
    /// with no asynchronous read (a cache hit, a stub).
    static func bytesInMemory(of response: ClientResponse) -> Data? {
        guard let data = response.body.bufferedData, data.count <= response.request.options.maxResponseBodySize else { return nil }
        return data
    }

    /// `response` with its body read to the end, within the request's ``RequestOptions/maxResponseBodySize``,
    /// and the bytes.
    static func collect(_ response: ClientResponse) async throws -> (ClientResponse, Data) {
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
