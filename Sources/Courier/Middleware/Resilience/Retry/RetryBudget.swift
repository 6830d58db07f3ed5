/// A cap on retries as a share of recent traffic to a host, so that a failing backend is not hit with
/// `maxAttempts` times its normal load (the budget of Finagle and reqwest).
///
/// Each first attempt deposits ``ratio`` of a token for its host and each retry withdraws a whole one;
/// a retry with no whole token left is not made. The balance starts full at ``reserve`` (so a quiet
/// client can still retry its first failures) and never exceeds it (or one token, if the reserve is
/// smaller), so a long run of successes does not pay for a storm today. Under a storm, the retries to a
/// host stay within `reserve + ratio × requests`.
public struct RetryBudget: Sendable, Hashable {
    /// The share of requests that may be retried: 0.2 allows one retry per five requests.
    public var ratio: Double
    /// Retries allowed before any request has paid for them.
    public var reserve: Double

    /// Creates a budget.
    public init(ratio: Double = 0.2, reserve: Double = 10) {
        precondition(ratio >= 0 && reserve >= 0, "a retry budget must not be negative")
        self.ratio = ratio
        self.reserve = reserve
    }
}

/// The token balance per host of one ``Client/retrying(_:clock:)`` layer.
final class RetryBudgetLedger: Sendable {
    private let balances = Locked<[String: Double]>([:])

    /// Records a first attempt to `host`.
    func deposit(for host: String, budget: RetryBudget) {
        balances.withLock { balances in
            let balance = balances[host] ?? budget.reserve
            balances[host] = min(balance + budget.ratio, max(budget.reserve, 1))
        }
    }

    /// Takes a token for one retry to `host`; `false` when the budget is spent.
    func withdraw(for host: String, budget: RetryBudget) -> Bool {
        balances.withLock { balances in
            let balance = balances[host] ?? budget.reserve
            guard balance >= 1 else { return false }
            balances[host] = balance - 1
            return true
        }
    }
}
