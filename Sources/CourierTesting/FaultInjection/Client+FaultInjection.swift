import Courier

extension Client {
    /// A client that injects the faults of `faults` into the requests it sends: latency, failures,
    /// forced statuses, dropped connections and a bandwidth limit, drawn from `random` and timed on
    /// `clock`.
    ///
    /// Layers added after this one (outside) see the faults as if the network caused them, so a
    /// `.retrying(…)` added later retries an injected failure:
    ///
    /// ```swift
    /// var faults = FaultInjection.Configuration()
    /// faults.failure = .init(rate: 0.3, kind: .connectionClosed)
    /// let client = Client(transport: URLSessionTransport())
    ///     .injectingFaults(faults, random: SeededRandomNumberGenerator(seed: 7))
    ///     .retrying(.immediate(maxAttempts: 5))
    /// ```
    ///
    /// The same `random` source, seeded, gives the same faults to the same sequence of requests on every
    /// run (concurrent requests draw in the order they arrive). Every wait — the latency and the pacing
    /// of a limited bandwidth — is on `clock`, so a test clock controls it; cancelling the task during a
    /// wait ends it with `NetworkError.Kind.cancelled`.
    public func injectingFaults(
        _ faults: FaultInjection.Configuration,
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        clock: some Clock<Duration> = ContinuousClock()
    ) -> Client {
        with(FaultInjecting(configuration: faults, random: Locked<any RandomNumberGenerator & Sendable>(random), clock: clock))
    }
}
