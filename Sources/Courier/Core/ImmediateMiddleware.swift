/// A layer that can do its work on some requests without suspending: change the request on its way in, or
/// answer it (a fresh cache hit).
///
/// ``Client`` runs the run of such layers at the outer end of its chain as plain function calls before it
/// enters the asynchronous chain, and enters that chain only at the first layer that cannot do its work at
/// once. A cache hit behind `.targeting(_:)` is then answered with no asynchronous call at all: each one
/// costs a frame from the task's allocator and a check of the task's executor, which were a fifth of a
/// hit's CPU (BENCHMARKS.md, the cache hit).
///
/// NOTE: internal, and an optimisation only: what a layer does at once must be exactly what its
/// ``Middleware/send(_:next:)`` does with the same request, which stays the one definition of the layer.
protocol ImmediateMiddleware: Middleware {
    /// What ``Middleware/send(_:next:)`` would do with `request`, when it can be done without suspending.
    ///
    /// - Returns: ``ImmediateOutcome/passOn`` after changing `request` exactly as `send` changes it before
    ///   calling `next` (and `send` must return `next`'s response unchanged, and throw only what `next`
    ///   throws); ``ImmediateOutcome/answer(_:)`` with the response `send` would return without calling
    ///   `next`; ``ImmediateOutcome/suspends`` with `request` untouched when only `send` can handle it.
    func handleAtOnce(_ request: inout ClientRequest) -> ImmediateOutcome
}

/// What an ``ImmediateMiddleware`` did with a request at once.
enum ImmediateOutcome {
    /// The request, changed, goes on to the next layer.
    case passOn
    /// The layer's response; the layers below never see the request.
    case answer(ClientResponse)
    /// Only the layer's asynchronous `send` can handle the request.
    case suspends
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

    let route: @Sendable (inout ClientRequest) -> Route

    /// The front of the chain made by wrapping `inner` (whose front is `innerFront`) in `layer`, whose
    /// chain is `chain`: `nil` when the new outermost layer cannot work at once.
    static func wrapping(_ layer: some Middleware, chain: Next, inner: Next, innerFront: ImmediateFront?) -> ImmediateFront? {
        guard let immediate = layer as? any ImmediateMiddleware else { return nil }
        if let innerFront {
            return ImmediateFront(immediate, chain: chain, then: innerFront.route)
        }
        return ImmediateFront(immediate, chain: chain) { _ in .send(inner) }
    }

    private init(_ layer: some ImmediateMiddleware, chain: Next, then inner: @escaping @Sendable (inout ClientRequest) -> Route) {
        route = { (request: inout ClientRequest) -> Route in
            switch layer.handleAtOnce(&request) {
            case .passOn: return inner(&request)
            case .answer(let response): return .answered(response)
            case .suspends: return .send(chain)
            }
        }
    }
}
