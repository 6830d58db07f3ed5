/// How soon a request leaves a ``Client/throttled(maxConcurrent:perHost:)`` queue relative to others.
///
/// Higher goes first, first come first served within a priority; a lower priority is never starved:
/// once four grants have passed it over while it waited, its oldest waiter goes next.
public enum RequestPriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Prefetching, analytics, anything that can wait.
    case low
    /// The default.
    case normal
    /// What the user is waiting for right now.
    case high

    public static func < (lhs: RequestPriority, rhs: RequestPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

enum PriorityOptionKey: RequestOptionKey {
    static let defaultValue = RequestPriority.normal
}

extension RequestOptions {
    /// This request's place in a throttle's queue. ``RequestPriority/normal`` unless set.
    public var priority: RequestPriority {
        get { self[PriorityOptionKey.self] }
        set { self[PriorityOptionKey.self] = newValue }
    }
}
