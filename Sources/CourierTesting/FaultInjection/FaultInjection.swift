import Courier

/// Faults injected on purpose between a client and its transport, to see how an app and its
/// middleware (retry, timeouts, circuit breakers, a UI's error states) cope with a bad network — in
/// a test, deterministically, or in a debug build against a real server.
///
/// Reach it through `Client.injectingFaults(_:random:clock:)`; this type is the namespace of
/// its `Configuration`.
public enum FaultInjection {
    /// Which faults to inject, how often, and into which requests.
    ///
    /// Per request, in this order: the ``latency`` is waited; a ``failure`` fails the request before it
    /// is sent; a ``status`` answers it without sending; otherwise it is sent, and the response body may
    /// be cut by a ``droppedConnection`` and paced by ``bandwidth``.
    ///
    /// ```swift
    /// var faults = FaultInjection.Configuration(when: .pathPrefix("/articles"))
    /// faults.latency = .random(in: .milliseconds(100) ... .milliseconds(800))
    /// faults.failure = .init(rate: 0.1, kind: .connectionClosed)
    /// faults.status = .init(rate: 0.05, code: 503)
    /// ```
    public struct Configuration: Sendable {
        /// A wait before each request.
        public var latency: Latency?
        /// Failing requests before they are sent.
        public var failure: Failure?
        /// Answering requests with a status without sending them.
        public var status: ForcedStatus?
        /// Cutting response bodies part way.
        public var droppedConnection: DroppedConnection?
        /// The most response bytes per second, or `nil` for no limit.
        public var bandwidth: Int? {
            didSet { precondition(bandwidth.map { $0 > 0 } ?? true, "bandwidth must be positive") }
        }
        /// The requests affected; `nil` for all. Other requests pass untouched and draw no random
        /// numbers, so they do not shift the faults the affected ones get.
        public var condition: RequestCondition?

        /// Creates a configuration; by default nothing is injected.
        public init(
            latency: Latency? = nil,
            failure: Failure? = nil,
            status: ForcedStatus? = nil,
            droppedConnection: DroppedConnection? = nil,
            bandwidth: Int? = nil,
            when condition: RequestCondition? = nil
        ) {
            precondition(bandwidth.map { $0 > 0 } ?? true, "bandwidth must be positive")
            self.latency = latency
            self.failure = failure
            self.status = status
            self.droppedConnection = droppedConnection
            self.bandwidth = bandwidth
            self.condition = condition
        }
    }
}
