/// The moment by which a whole call must be over, on whichever clock set it.
///
/// ``Client/timingOut(after:clock:)`` stores one in ``RequestOptions/deadline``; layers below it read
/// it so that no retry, hedge or backoff sleep starts when there is no time left for it.
public struct Deadline: Sendable {
    private let remainingTime: @Sendable () -> Duration

    /// A deadline `duration` from now on `clock`.
    public init<C: Clock<Duration>>(after duration: Duration, clock: C) {
        let end = clock.now.advanced(by: duration)
        remainingTime = { clock.now.duration(to: end) }
    }

    /// The time left; zero or negative once the deadline has passed.
    public var remaining: Duration { remainingTime() }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { remaining <= .zero }

    /// The deadline that comes first.
    public static func earliest(_ a: Deadline?, _ b: Deadline) -> Deadline {
        guard let a else { return b }
        return a.remaining <= b.remaining ? a : b
    }
}

enum DeadlineOptionKey: RequestOptionKey {
    static let defaultValue: Deadline? = nil
}

enum AttemptOptionKey: RequestOptionKey {
    static let defaultValue = 1
}

extension RequestOptions {
    /// When the whole call, retries and backoff included, must be over; `nil` for no deadline. Set by
    /// ``Client/timingOut(after:clock:)``.
    public var deadline: Deadline? {
        get { self[DeadlineOptionKey.self] }
        set { self[DeadlineOptionKey.self] = newValue }
    }

    /// Which attempt this is, counting from 1. ``Client/retrying(_:clock:)`` and
    /// ``Client/hedging(_:clock:)`` raise it for each further attempt, so inner layers (logging, metrics)
    /// can tell a first try from a retry.
    public var attempt: Int {
        get { self[AttemptOptionKey.self] }
        set { self[AttemptOptionKey.self] = newValue }
    }
}
