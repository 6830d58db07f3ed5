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
    let chain: Next
    /// The layers at the outer end of the chain that can work without suspending; `nil` when the
    /// outermost cannot.
    let front: ImmediateFront?
    /// The observers at the outer end of the chain, when the outermost layer is one: the next observer
    /// added joins their stage.
    private let observerStage: ObserverStage?
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
        observerStage = nil
        configuration = Configuration()
        configuration.layerExecutorProvider = Self.layerExecutorProvider(transport)
    }

    init(chain: Next, front: ImmediateFront? = nil, observerStage: ObserverStage? = nil, configuration: Configuration) {
        self.chain = chain
        self.front = front
        self.observerStage = observerStage
        self.configuration = configuration
    }

    /// A client that sends every request through `middleware` first, then through this client.
    ///
    /// An ``ImmediateMiddleware`` at the outer end of the chain runs as a plain call (see its
    /// documentation). An error the layer throws that is not a ``NetworkError`` reaches the caller as
    /// ``NetworkError/Kind/middlewareFailed(layer:)`` naming the layer.
    public func with<Layer: Middleware>(_ middleware: Layer) -> Client {
        let inner = chain
        let outer = Next { request in
            do {
                return try await middleware.send(request, next: inner)
            } catch {
                throw NetworkError.thrown(error, byLayer: Layer.self, request: request)
            }
        }
        let front = ImmediateFront.wrapping(middleware, chain: outer, inner: inner, innerFront: front)
        return Client(chain: outer, front: front, configuration: configuration)
    }

    /// A client that tells `observer` of every exchange that passes here: the request handed on, the
    /// response head, and the end of its body or the failure.
    ///
    /// Observers added one after another share one stage of the chain (one asynchronous call and one watch
    /// on the body for all of them); see ``ExchangeObserver``.
    public func observing(_ observer: some ExchangeObserver) -> Client {
        let stage = observerStage?.adding(observer) ?? ObserverStage(observers: [AnyObserver(observer)], inner: chain)
        return Client(chain: stage.chain, observerStage: stage, configuration: configuration)
    }

    /// How many observers share the stage at the outer end of the chain (0 when the outermost layer is not
    /// an observer): for tests.
    var observerStageCount: Int { observerStage?.observers.count ?? 0 }

    /// The end of the chain: the transport, which opens WebSockets too when it can.
    ///
    /// NOTE: a transport's error that is not a ``NetworkError`` is wrapped here, so that no layer above
    /// is blamed for it (``NetworkError/Kind/middlewareFailed(layer:)``).
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
                do {
                    return try await transport.send(request)
                } catch {
                    throw NetworkError.wrapping(error, request: request)
                }
            }
        }
        return Next { request in
            do {
                guard request.options.webSocket != nil else { return try await transport.send(request) }
                return try await upgrading.openWebSocketForChain(request)
            } catch {
                throw NetworkError.wrapping(error, request: request)
            }
        }
    }

    private static func layerExecutorProvider(_ transport: some Transport) -> (any Sendable)? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *), let provider = transport as? any LayerExecutorProviding,
           provider.offersLayerExecutors {
            return provider
        }
        return nil
    }
}
