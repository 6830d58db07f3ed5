/// Any `Clock<Duration>` behind one concrete type.
///
/// NOTE: why layers keep one. The builders take `some Clock<Duration>` and are public and not inlinable, so a layer
/// made generic over the caller's clock (`Retrying<C>`) is compiled once, unspecialised: every request then runs
/// it as generic code, with its layout worked out and its type metadata looked up at run time, and that cost more
/// than the layer's own work (Benchmarks/load, `courier-stub`: logging, retrying and metrics over a transport that
/// answers at once; BENCHMARKS.md, issue #36). Over this one type the layer is ordinary code, and the caller's clock
/// costs one indirect call where the layer reads or sleeps on it.
///
/// Instants are offsets from the moment the clock was erased, so any clock (a test clock included) keeps its own
/// notion of time: `now`, `sleep(until:)` and `minimumResolution` are the wrapped clock's.
struct ErasedClock: Clock {
    struct Instant: InstantProtocol {
        /// The time since the clock was erased, on the wrapped clock.
        let offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (_ offset: Duration, _ tolerance: Duration?) async throws -> Void
    let minimumResolution: Duration

    init<C: Clock<Duration>>(_ clock: C) {
        if let erased = clock as? ErasedClock {
            self = erased
            return
        }
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { offset, tolerance in try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance) }
        minimumResolution = clock.minimumResolution
    }

    var now: Instant {
        Instant(offset: elapsed())
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleeper(deadline.offset, tolerance)
    }
}
