import Courier

/// The faults one request gets, drawn all at once.
///
/// NOTE: every configured fault draws its number for every affected request, whether or not an
/// earlier fault already decided the outcome, so the n-th affected request gets the same faults for
/// the same seed whatever happened to the others.
struct FaultPlan: Sendable, Equatable {
    var latency: Duration = .zero
    var fails = false
    var forcesStatus = false
    var dropsConnection = false

    init(_ configuration: FaultInjection.Configuration, random: inout some RandomNumberGenerator) {
        if let range = configuration.latency?.range {
            let low = range.lowerBound.nanoseconds, high = range.upperBound.nanoseconds
            latency = .nanoseconds(low + Int64(random.next(upperBound: UInt64(high - low) + 1)))
        }
        if let failure = configuration.failure {
            fails = Self.draw(failure.rate, &random)
        }
        if let status = configuration.status {
            forcesStatus = Self.draw(status.rate, &random)
        }
        if let dropped = configuration.droppedConnection {
            dropsConnection = Self.draw(dropped.rate, &random)
        }
    }

    /// `true` with probability `rate`.
    ///
    /// NOTE: the unit value is the top 53 bits of one `next()`, spelled out rather than left to
    /// `Double.random(in:using:)`, whose use of the bits is the standard library's to change: the same
    /// seed must give the same faults on every Swift version.
    private static func draw(_ rate: Double, _ random: inout some RandomNumberGenerator) -> Bool {
        Double(random.next() >> 11) * 0x1p-53 < rate
    }
}

extension Duration {
    /// The duration in whole nanoseconds (rounded toward zero).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
