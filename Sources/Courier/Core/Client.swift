import Foundation

/// A transport plus an ordered stack of middleware: a function from ``ClientRequest`` to
/// ``ClientResponse``, and a value.
///
/// ## Order
///
/// Each builder method returns a **new** client that wraps the one it is called on, the way a SwiftUI
/// modifier wraps its view: the last layer added is the outermost and sees the request first and the
/// response last. Read a chain from the transport outwards.
///
/// ```swift
/// let shared = Client(transport: URLSessionTransport())
///     .with(UserAgent(value: "app/1.0"))     // inner: sees the request after everything below
///
/// let api = shared
///     .targeting(.production)                // outer: resolves the relative path first
///
/// let articles = try await api.send(.articles(tag: "swift"))
/// ```
///
/// Wrapping never changes the client it wraps, so one shared base can be specialised many ways. The chain
/// is composed once, when the client value is built, never per request.
public struct Client: Sendable {
    /// The composed chain, outermost layer first.
    private let chain: Next
    /// The layers at the outer end of the chain that can work without suspending; `nil` when the
    /// outermost cannot.
    private let front: ImmediateFront?
    /// Settings for the typed layer, carried through every wrap.
    var configuration: Configuration

    /// Settings that ``Endpoint`` values read when a client sends them.
    struct Configuration: Sendable {
        var encoder = JSONCoders.defaultEncoder
        var decoder = JSONCoders.defaultDecoder
        /// The transport, when it can run the layers on its own threads (`LayerExecutorProviding`).
        var layerExecutorProvider: (any Sendable)?
    }

    /// Creates a client that sends every request straight to `transport`.
    public init(transport: some Transport) {
        chain = Self.terminal(transport)
        front = nil
        configuration = Configuration()
        configuration.layerExecutorProvider = Self.layerExecutorProvider(transport)
    }

    /// A client over `transport` that keeps another client's coders.
    init(transport: some Transport, configuration: Configuration) {
        chain = Self.terminal(transport)
        front = nil
        self.configuration = configuration
        self.configuration.layerExecutorProvider = Self.layerExecutorProvider(transport)
    }

    private init(chain: Next, front: ImmediateFront?, configuration: Configuration) {
        self.chain = chain
        self.front = front
        self.configuration = configuration
    }

    /// A client that sends every request through `middleware` first, then through this client.
    public func with(_ middleware: some Middleware) -> Client {
        let inner = chain
        let outer = Next { request in try await middleware.send(request, next: inner) }
        let front = ImmediateFront.wrapping(middleware, chain: outer, inner: inner, innerFront: front)
        return Client(chain: outer, front: front, configuration: configuration)
    }

    /// Sends a request through every layer and returns the response, whatever its status.
    ///
    /// When the request has ``RequestOptions/onProgress``, the returned body reports download progress
    /// to it as it is read.
    ///
    /// - Throws: ``NetworkError`` always: errors of other types thrown by a layer are wrapped (a
    ///   `CancellationError` becomes ``NetworkError/Kind/cancelled``), and the request is attached when
    ///   the error does not carry one yet, as the outer layers had resolved it (an absolute URL behind
    ///   ``targeting(_:)``).
    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        var request = request
        switch route(&request) {
        case .answered(let response):
            return Self.watchingProgress(response, of: request)
        case .send(let next):
            guard configuration.layerExecutorProvider != nil else { return try await sendHere(request, into: next) }
            return try await onLayerExecutor { try await sendHere(request, into: next) }
        }
    }

    /// Runs the layers at the front of the chain that work without suspending (``ImmediateMiddleware``)
    /// on `request`: their answer, or the chain to send the request, as they changed it, into.
    func route(_ request: inout ClientRequest) -> ImmediateFront.Route {
        front?.route(&request) ?? .send(chain)
    }

    /// The end of the chain: the transport, which opens WebSockets too when it can.
    private static func terminal(_ transport: some Transport) -> Next {
        guard let upgrading = transport as? any WebSocketTransport else {
            return Next { request in
                if request.options.webSocket != nil {
                    throw NetworkError(
                        .unsupported,
                        message: "\(type(of: transport)) cannot open WebSockets (it is not a WebSocketTransport); nothing was sent.",
                        request: request
                    )
                }
                return try await transport.send(request)
            }
        }
        return Next { request in
            guard request.options.webSocket != nil else { return try await transport.send(request) }
            return try await upgrading.openWebSocketForChain(request)
        }
    }

    private static func layerExecutorProvider(_ transport: some Transport) -> (any Sendable)? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), let provider = transport as? any LayerExecutorProviding,
           provider.offersLayerExecutors {
            return provider
        }
        return nil
    }

    /// ``send(_:)`` on the executor the task is on, into `next`: the chain, or the part of it that
    /// ``route(_:)`` left.
    func sendHere(_ request: ClientRequest, into next: Next) async throws -> ClientResponse {
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
    static func watchingProgress(_ response: consuming ClientResponse, of request: ClientRequest) -> ClientResponse {
        guard let onProgress = request.options.onProgress else { return response }
        response.body = response.body.reportingDownloadProgress(to: onProgress)
        return response
    }
}
