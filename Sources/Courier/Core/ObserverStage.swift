/// The observers next to each other at one place in a ``Client``'s chain, run as one stage: one
/// asynchronous call and one watch on the response body for the whole list.
struct ObserverStage: Sendable {
    /// Outermost first: the order in which they hear of the start.
    let observers: [AnyObserver]
    /// The chain below the stage.
    let inner: Next

    /// The stage with `observer` added outside the others.
    func adding(_ observer: some ExchangeObserver) -> ObserverStage {
        ObserverStage(observers: [AnyObserver(observer)] + observers, inner: inner)
    }

    /// The stage as a link of the chain.
    var chain: Next {
        Next { [self] request in try await send(request) }
    }

    private func send(_ request: ClientRequest) async throws -> ClientResponse {
        var request = request
        let started = Started.start(observers, &request)
        if case .none = started { return try await inner(request) }
        let response: ClientResponse
        do {
            response = try await inner(request)
        } catch {
            started.end(.failed(NetworkError.wrapping(error, request: request)))
            throw error
        }
        started.received(response)
        let head = response.head
        var observed = response
        observed.body = response.body.observing { bytes, ending in
            started.end(.responded(head, bytes: bytes, body: ending))
        }
        return observed
    }
}

/// The observations one exchange started, outermost first.
///
/// NOTE: one observation is held as it is, not in an array: most stages hold one observer (an observer is
/// a stage of its own unless it sits next to another), and the array was an allocation per request.
private enum Started: Sendable {
    case none
    case one(any StartedObservation)
    case many([any StartedObservation])

    static func start(_ observers: [AnyObserver], _ request: inout ClientRequest) -> Started {
        if observers.count == 1 { return observers[0].start(&request).map { .one($0) } ?? .none }
        var started: [any StartedObservation] = []
        started.reserveCapacity(observers.count)
        for observer in observers {
            if let observation = observer.start(&request) { started.append(observation) }
        }
        return started.isEmpty ? .none : .many(started)
    }

    /// The head comes up from below: the innermost hears of it first, as in a chain of layers.
    func received(_ response: ClientResponse) {
        switch self {
        case .none: break
        case .one(let observation): observation.received(response)
        case .many(let started): for observation in started.reversed() { observation.received(response) }
        }
    }

    /// The innermost hears of the end first, as it would in a chain of layers.
    func end(_ end: ExchangeEnd) {
        switch self {
        case .none: break
        case .one(let observation): observation.end(end)
        case .many(let started): for observation in started.reversed() { observation.end(end) }
        }
    }
}

/// An ``ExchangeObserver`` of any type.
struct AnyObserver: Sendable {
    let start: @Sendable (inout ClientRequest) -> (any StartedObservation)?

    init<Observer: ExchangeObserver>(_ observer: Observer) {
        // NOTE: each exchange's observation refers to the observer in one shared box instead of holding a
        // copy of it: copying a logger, a configuration and a clock into every observation counted a
        // reference to each of their parts per request.
        let shared = SharedObserver(observer)
        start = { request in
            shared.observer.willSend(&request).map { StartedWith(shared: shared, observation: $0) }
        }
    }
}

private final class SharedObserver<Observer: ExchangeObserver>: Sendable {
    let observer: Observer

    init(_ observer: Observer) {
        self.observer = observer
    }
}

/// One observer's watch over one exchange.
protocol StartedObservation: Sendable {
    func received(_ response: ClientResponse)
    func end(_ end: ExchangeEnd)
}

private struct StartedWith<Observer: ExchangeObserver>: StartedObservation {
    let shared: SharedObserver<Observer>
    let observation: Observer.Observation

    func received(_ response: ClientResponse) {
        shared.observer.exchange(observation, received: response)
    }

    func end(_ end: ExchangeEnd) {
        shared.observer.exchange(observation, ended: end)
    }
}
