/// The middleware behind ``Client/breakingCircuit(after:coolDown:isFailure:clock:)``.
struct CircuitBreaking<C: Clock<Duration>>: Middleware {
    /// One host's circuit.
    enum Circuit {
        /// Requests pass; `failures` in a row so far.
        case closed(failures: Int)
        /// Requests fail fast until the instant; then one probe passes.
        case open(until: C.Instant)
        /// A probe is in flight; others fail fast until it answers.
        case probing
    }

    let threshold: Int
    let coolDown: Duration
    let isFailure: @Sendable (Result<ClientResponse, any Error>) -> Bool
    let clock: C
    let circuits = Locked<[String: Circuit]>([:])

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let host = request.head.authority ?? ""
        let admission: (probe: Bool, refusal: String?) = circuits.withLock { circuits in
            switch circuits[host] ?? .closed(failures: 0) {
            case .closed:
                return (false, nil)
            case .open(let until) where clock.now >= until:
                circuits[host] = .probing
                return (true, nil)
            case .open(let until):
                let left = clock.now.duration(to: until)
                let rounded = Duration.milliseconds(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
                return (false, "one probe will be let through in \(rounded).")
            case .probing:
                return (false, "a probe request is in flight.")
            }
        }
        if let refusal = admission.refusal {
            throw NetworkError(
                .circuitOpen,
                message: "the circuit for \(host) is open after \(threshold) failures in a row; the request was not sent; \(refusal)",
                request: request
            )
        }
        let outcome: Result<ClientResponse, any Error>
        do {
            outcome = .success(try await next(request))
        } catch {
            outcome = .failure(error)
        }
        record(outcome, host: host, probe: admission.probe)
        return try outcome.get()
    }

    private func record(_ outcome: Result<ClientResponse, any Error>, host: String, probe: Bool) {
        let cancelled = Task.isCancelled || { if case .failure(let error) = outcome { Self.isCancellation(error) } else { false } }()
        let failed = !cancelled && isFailure(outcome)
        circuits.withLock { circuits in
            let now = clock.now
            switch (circuits[host] ?? .closed(failures: 0), probe) {
            case (.probing, true):
                // A cancelled probe says nothing about the host: the next request probes again.
                circuits[host] = cancelled ? .open(until: now) : failed ? .open(until: now.advanced(by: coolDown)) : .closed(failures: 0)
            case (.closed(let failures), false) where !cancelled:
                circuits[host] = !failed ? .closed(failures: 0)
                    : failures + 1 >= threshold ? .open(until: now.advanced(by: coolDown)) : .closed(failures: failures + 1)
            default:
                // An answer to a request sent before the circuit opened changes nothing.
                break
            }
        }
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? NetworkError)?.kind == .cancelled
    }

    /// The default failure test: no answer (connection, TLS, timeout, an invalid reply, an HTTP/2 stream the
    /// server reset) or a 500, 502, 503 or 504.
    @Sendable static func isServerFailure(_ outcome: Result<ClientResponse, any Error>) -> Bool {
        switch outcome {
        case .success(let response):
            return [500, 502, 503, 504].contains(response.status.code)
        case .failure(let error as NetworkError):
            if case .streamReset = error.kind { return true }
            return [.notConnected, .cannotConnect, .connectionClosed, .tlsFailure, .timedOut, .invalidResponse, .transportFailed].contains(error.kind)
        case .failure:
            return false
        }
    }
}

extension Client {
    /// A client that stops sending to a host that keeps failing, and fails fast instead with
    /// ``NetworkError/Kind/circuitOpen``, so a dead backend is not hammered and callers do not wait for
    /// timeouts.
    ///
    /// Per host: after `failures` failures in a row the circuit opens; after `coolDown` on `clock` one
    /// probe request passes while the others still fail fast; a probe that succeeds closes the circuit,
    /// one that fails opens it for another `coolDown`.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .breakingCircuit(after: 5, coolDown: .seconds(30))
    /// ```
    ///
    /// - Parameters:
    ///   - failures: how many failures in a row open the circuit for a host.
    ///   - coolDown: how long an open circuit refuses requests before it lets one through to test.
    ///   - isFailure: what counts as a failure; by default no answer at all (connection, TLS,
    ///     timeout, an invalid reply) or a 500, 502, 503 or 504. A cancelled request never counts.
    ///   - clock: the time the cool-down is measured on; a test clock in tests.
    public func breakingCircuit(
        after failures: Int = 5,
        coolDown: Duration = .seconds(30),
        isFailure: (@Sendable (Result<ClientResponse, any Error>) -> Bool)? = nil,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        precondition(failures > 0 && coolDown >= .zero, "a circuit breaker needs a positive threshold")
        return with(CircuitBreaking(
            threshold: failures,
            coolDown: coolDown,
            isFailure: isFailure ?? CircuitBreaking<ErasedClock>.isServerFailure,
            clock: ErasedClock(clock)
        ))
    }
}
