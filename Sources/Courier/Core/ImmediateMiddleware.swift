/// The synchronous form of a layer: one that edits the request on its way in, or answers it at once (a
/// fresh cache hit), without suspending.
///
/// Adopt it for a layer that adds a header, signs with a credential at hand, or resolves a URL. ``Client``
/// runs the run of such layers at the outer end of its chain as plain function calls, before it enters the
/// asynchronous chain, and enters that chain only at the first layer that cannot do its work at once: no
/// async frame is spent on them. Join one to a client with ``Client/with(_:)``, as any middleware.
///
/// ```swift
/// struct APIKey: ImmediateMiddleware {
///     let key: String
///
///     func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome {
///         try request.setHeader("X-API-Key", key)
///         return .passOn
///     }
/// }
///
/// let client = Client(transport: URLSessionTransport()).with(APIKey(key: "…"))
/// ```
///
/// A layer that only edits or answers needs nothing more: the default ``Middleware/send(_:next:)`` runs
/// ``handleAtOnce(_:)`` and hands the request on, so the layer behaves the same wherever it sits (inside an
/// asynchronous layer too). A layer that must sometimes wait (a cache that revalidates, a token that must be
/// refreshed) implements `send` as well, returns ``ImmediateOutcome/suspends`` for those requests, and keeps
/// `send` the one definition of what it does: ``handleAtOnce(_:)`` must do exactly what `send` does with the
/// same request.
public protocol ImmediateMiddleware: Middleware {
    /// What ``Middleware/send(_:next:)`` would do with `request`, when it can be done without suspending.
    ///
    /// - Returns: ``ImmediateOutcome/passOn`` after changing `request` as the layer wants it sent (the
    ///   response of the layers below is then returned to the caller unchanged);
    ///   ``ImmediateOutcome/answer(_:)`` with the layer's own response (the layers below never see the
    ///   request); ``ImmediateOutcome/suspends``, with `request` untouched, when only the layer's `send`
    ///   can handle it.
    /// - Throws: an error that fails the request; one that is not a ``NetworkError`` is reported as
    ///   ``NetworkError/Kind/middlewareFailed(layer:)`` naming this layer.
    func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome
}

/// What an ``ImmediateMiddleware`` did with a request at once.
public enum ImmediateOutcome: Sendable {
    /// The request, as the layer changed it, goes on to the next layer.
    case passOn
    /// The layer's response; the layers below never see the request.
    case answer(ClientResponse)
    /// Only the layer's asynchronous ``Middleware/send(_:next:)`` can handle the request.
    case suspends
}

extension ImmediateMiddleware {
    /// Runs ``handleAtOnce(_:)`` and hands the request on, or returns its answer: the whole layer, for one
    /// that never suspends.
    ///
    /// - Throws: ``NetworkError/Kind/unsupported`` when ``handleAtOnce(_:)`` says the request
    ///   ``ImmediateOutcome/suspends``: a layer that suspends must implement `send` itself.
    public func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        switch try handleAtOnce(&request) {
        case .passOn:
            return try await next(request)
        case .answer(let response):
            return response
        case .suspends:
            throw NetworkError(
                .unsupported,
                message: "\(LayerName.of(Self.self)) said only its asynchronous send can handle the request, and implements none.",
                request: request
            )
        }
    }
}

/// The layers at the outer end of a ``Client``'s chain that are ``ImmediateMiddleware``, run as one
/// function: their answer, or the chain to send the request, as they changed it, into.
///
/// NOTE: one closure over the concrete layers, each stage's nested in the next outer one's: calling a layer
/// through an `any ImmediateMiddleware`, or copying a stage out of an array, copied the layer's value and
/// so counted references to state that every thread sending through the client shares (Benchmarks/load,
/// the cache hit at c = 64).
struct ImmediateFront: Sendable {
    /// Where a request goes after the front.
    enum Route {
        /// A layer answered it.
        case answered(ClientResponse)
        /// Send it into this chain: the one from the first layer that suspends, or the rest of the chain
        /// when every layer passed it on.
        case send(Next)
    }

    let route: @Sendable (inout ClientRequest) throws -> Route

    /// The front of the chain made by wrapping `inner` (whose front is `innerFront`) in `layer`, whose
    /// chain is `chain`: `nil` when the new outermost layer cannot work at once.
    static func wrapping(_ layer: some Middleware, chain: Next, inner: Next, innerFront: ImmediateFront?) -> ImmediateFront? {
        guard let immediate = layer as? any ImmediateMiddleware else { return nil }
        if let innerFront {
            return ImmediateFront(immediate, chain: chain, then: innerFront.route)
        }
        return ImmediateFront(immediate, chain: chain) { _ in .send(inner) }
    }

    private init<Layer: ImmediateMiddleware>(
        _ layer: Layer, chain: Next, then inner: @escaping @Sendable (inout ClientRequest) throws -> Route
    ) {
        route = { (request: inout ClientRequest) throws -> Route in
            let outcome: ImmediateOutcome
            do {
                outcome = try layer.handleAtOnce(&request)
            } catch {
                throw NetworkError.thrown(error, byLayer: Layer.self, request: request)
            }
            switch outcome {
            case .passOn: return try inner(&request)
            case .answer(let response): return .answered(response)
            case .suspends: return .send(chain)
            }
        }
    }
}
