/// A cap on retries as a share of recent traffic to a host, so that a failing backend is not hit with
/// `maxAttempts` times its normal load (the budget of Finagle and reqwest).
///
/// Within any ``window`` (10 s by default), the retries to one host may number at most ``reserve`` plus
/// ``ratio`` times the requests sent there: with the defaults, a quiet client can still retry its first
/// ten failures, and under a storm the retries add at most a fifth to the load. A retry over the budget
/// is not made; the caller gets the last response, or the last error, whose message says so.
public struct RetryBudget: Sendable, Hashable {
    /// The share of requests that may be retried: 0.2 allows one retry per five requests.
    public var ratio: Double
    /// Retries allowed in each window whatever the traffic.
    public var reserve: Int
    /// How far back "recent" reaches.
    public var window: Duration

    /// Creates a budget.
    public init(ratio: Double = 0.2, reserve: Int = 10, window: Duration = .seconds(10)) {
        precondition(ratio >= 0 && reserve >= 0, "a retry budget must not be negative")
        precondition(window > .zero, "a retry budget's window must be positive")
        self.ratio = ratio
        self.reserve = reserve
        self.window = window
    }
}

/// The requests and retries per host of one ``Client/retrying(_:clock:)`` layer, counted in ten slots per
/// window: the memory grows with the number of hosts, not with the traffic.
final class RetryBudgetLedger<Instant: InstantProtocol<Duration>>: Sendable {
    private struct Slot {
        var epoch = Int.min
        var requests = 0
        var retries = 0
    }

    private static var slotsPerWindow: Int { 10 }

    private let origin: Instant
    private let hosts = Locked<[String: [Slot]]>([:])

    init(origin: Instant) {
        self.origin = origin
    }

    /// Records a first attempt to `host`.
    func deposit(for host: String, budget: RetryBudget, now: Instant) {
        _ = update(host, budget: budget, now: now) { slot, _ in
            slot.requests += 1
            return true
        }
    }

    /// Records a retry to `host` if the budget allows one; `false` when it is spent.
    func withdraw(for host: String, budget: RetryBudget, now: Instant) -> Bool {
        update(host, budget: budget, now: now) { slot, recent in
            guard Double(recent.retries) < Double(budget.reserve) + budget.ratio * Double(recent.requests) else { return false }
            slot.retries += 1
            return true
        }
    }

    private func update(
        _ host: String,
        budget: RetryBudget,
        now: Instant,
        _ change: (inout Slot, _ recent: (requests: Int, retries: Int)) -> Bool
    ) -> Bool {
        let slotLength = budget.window / Self.slotsPerWindow
        let epoch = Int(origin.duration(to: now) / slotLength)
        let index = ((epoch % Self.slotsPerWindow) + Self.slotsPerWindow) % Self.slotsPerWindow
        return hosts.withLock { hosts in
            // Changed in place, so a request costs no allocation once its host is known.
            hosts[host, default: Array(repeating: Slot(), count: Self.slotsPerWindow)].withUnsafeMutableBufferPointer { slots in
                if slots[index].epoch != epoch { slots[index] = Slot(epoch: epoch) }
                var recent = (requests: 0, retries: 0)
                for slot in slots where slot.epoch > epoch - Self.slotsPerWindow {
                    recent.requests += slot.requests
                    recent.retries += slot.retries
                }
                return change(&slots[index], recent)
            }
        }
    }
}
