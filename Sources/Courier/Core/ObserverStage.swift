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
        var started: [any StartedObservation] = []
        started.reserveCapacity(observers.count)
        for observer in observers {
            if let observation = observer.start(&request) { started.append(observation) }
        }
        if started.isEmpty { return try await inner(request) }
        let response: ClientResponse
        do {
            response = try await inner(request)
        } catch {
            let failure = NetworkError.wrapping(error, request: request)
            // The innermost hears of the end first, as it would in a chain of layers.
            for observation in started.reversed() { observation.end(.failed(failure)) }
            throw error
        }
        // The head comes up from below: the innermost hears of it first, as in a chain of layers.
        for observation in started.reversed() { observation.received(response) }
        let head = response.head
        var observed = response
        observed.body = response.body.observing { [started] bytes, ending in
            for observation in started.reversed() { observation.end(.responded(head, bytes: bytes, body: ending)) }
        }
        return observed
    }
}

/// An ``ExchangeObserver`` of any type.
struct AnyObserver: Sendable {
    let start: @Sendable (inout ClientRequest) -> (any StartedObservation)?

    init<Observer: ExchangeObserver>(_ observer: Observer) {
        start = { request in
            observer.willSend(&request).map { Started(observer: observer, observation: $0) }
        }
    }
}

/// One observer's watch over one exchange.
protocol StartedObservation: Sendable {
    func received(_ response: ClientResponse)
    func end(_ end: ExchangeEnd)
}

private struct Started<Observer: ExchangeObserver>: StartedObservation {
    let observer: Observer
    let observation: Observer.Observation

    func received(_ response: ClientResponse) {
        observer.exchange(observation, received: response)
    }

    func end(_ end: ExchangeEnd) {
        observer.exchange(observation, ended: end)
    }
}
