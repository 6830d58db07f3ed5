import Courier

extension FaultInjection {
    /// How long to wait before a request goes on.
    public struct Latency: Sendable, Hashable {
        let range: ClosedRange<Duration>

        /// Always `delay`.
        public static func fixed(_ delay: Duration) -> Latency {
            precondition(delay >= .zero, "a latency must not be negative")
            return Latency(range: delay...delay)
        }

        /// A delay drawn uniformly from `range` for each request (to the nanosecond).
        public static func random(in range: ClosedRange<Duration>) -> Latency {
            precondition(range.lowerBound >= .zero, "a latency must not be negative")
            return Latency(range: range)
        }
    }

    /// Failing a share of requests with an error, before they are sent.
    public struct Failure: Sendable, Hashable {
        /// The share of requests that fail, from 0 to 1.
        public var rate: Double
        /// The error's kind: what a transport would have thrown (`NetworkError.Kind.cannotConnect`,
        /// `NetworkError.Kind.connectionClosed`, `NetworkError.Kind.timedOut`, …).
        public var kind: NetworkError.Kind

        /// Fails `rate` of the requests with `kind`.
        public init(rate: Double, kind: NetworkError.Kind = .cannotConnect) {
            precondition((0...1).contains(rate), "a rate must be between 0 and 1")
            self.rate = rate
            self.kind = kind
        }
    }

    /// Answering a share of requests with a status, without sending them.
    public struct ForcedStatus: Sendable, Hashable {
        /// The share of requests answered so, from 0 to 1.
        public var rate: Double
        /// The status code, `503`.
        public var code: Int

        /// Answers `rate` of the requests with `code` and a short text body.
        public init(rate: Double, code: Int) {
            precondition((0...1).contains(rate), "a rate must be between 0 and 1")
            precondition((100...599).contains(code), "a status code must be between 100 and 599")
            self.rate = rate
            self.code = code
        }
    }

    /// Cutting a share of response bodies part way, as a connection that drops would.
    public struct DroppedConnection: Sendable, Hashable {
        /// The share of responses cut, from 0 to 1.
        public var rate: Double
        /// How many body bytes arrive before the cut (all of them, when the body is shorter: the
        /// body then fails where it would have ended).
        public var afterBytes: Int
        /// The error's kind; `NetworkError.Kind.connectionClosed` is what transports report.
        public var kind: NetworkError.Kind

        /// Cuts `rate` of the response bodies after `afterBytes` bytes with `kind`.
        public init(rate: Double, afterBytes: Int, kind: NetworkError.Kind = .connectionClosed) {
            precondition((0...1).contains(rate), "a rate must be between 0 and 1")
            precondition(afterBytes >= 0, "afterBytes must not be negative")
            self.rate = rate
            self.afterBytes = afterBytes
            self.kind = kind
        }
    }
}
