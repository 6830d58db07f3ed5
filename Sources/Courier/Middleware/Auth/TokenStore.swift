/// The current token of one ``Client/authorizing(with:clock:)`` layer, and the one refresh in flight, so
/// that many requests rejected at once cause one refresh (single flight).
actor TokenStore<C: Clock<Duration>> {
    /// A token to send, and how many refreshes had failed when it was handed out.
    struct Issued: Sendable {
        let token: Token
        let failuresSeen: Int
    }

    private let provider: any TokenProvider
    private let clock: C
    /// How long before its expiry a token is refreshed rather than sent.
    private let leeway: Duration
    /// The token and when it is due for refresh: `leeway` before its expiry, or halfway through its
    /// life when that is shorter, so a short-lived token is not refreshed on every request.
    private var current: (token: Token, refreshAt: C.Instant?)? {
        didSet { atHand.withLock { $0 = current.map { (Issued(token: $0.token, failuresSeen: failures), $0.refreshAt) } } }
    }
    /// A copy of `current` (and the failures seen when it was set) that a request reads without entering the
    /// actor: a token at hand costs no actor hop (Benchmarks/load).
    private nonisolated let atHand = Locked<(issued: Issued, refreshAt: C.Instant?)?>(nil)
    private var inFlight: Task<Token, any Error>?
    /// Failed refreshes so far, and the last one's error: a request sent before a refresh failed gets
    /// that error instead of starting a refresh of its own.
    private var failures = 0
    private var lastFailure: (any Error)?
    private let limit: RefreshLimit
    /// When the refreshes of the current window started.
    private var refreshStarts: [C.Instant] = []

    init(provider: any TokenProvider, clock: C, leeway: Duration, limit: RefreshLimit) {
        self.provider = provider
        self.clock = clock
        self.leeway = leeway
        self.limit = limit
    }

    /// The current token, when there is one and it is not due for refresh: read without entering the actor.
    /// `nil` sends the caller to ``usable()``.
    nonisolated func usableAtOnce() -> Issued? {
        guard let (issued, refreshAt) = atHand.withLock({ $0 }) else { return nil }
        if let refreshAt, clock.now >= refreshAt { return nil }
        return issued
    }

    /// The token to send now: the current one, or a new one when there is none yet or it expires within
    /// the leeway.
    func usable() async throws -> Issued {
        let seen = failures
        guard let current else {
            return Issued(token: try await obtain(provider.token, isRefresh: false), failuresSeen: seen)
        }
        if let refreshAt = current.refreshAt, clock.now >= refreshAt {
            return Issued(token: try await obtain(provider.refreshedToken, isRefresh: true), failuresSeen: seen)
        }
        return Issued(token: current.token, failuresSeen: seen)
    }

    /// A token to replace the rejected `issued` one: the current token if it is already newer, else the
    /// result of the refresh in flight, else of a new refresh. If a refresh failed since `issued` was
    /// handed out, its error is thrown: the request was part of that round.
    func refreshed(replacing issued: Issued) async throws -> Token {
        if inFlight == nil, let current, current.token != issued.token {
            return current.token
        }
        if failures > issued.failuresSeen, let lastFailure {
            throw lastFailure
        }
        return try await obtain(provider.refreshedToken, isRefresh: true)
    }

    /// Joins the call to the provider in flight, or starts one. The call runs in a task of its own, so
    /// a caller that is cancelled does not cancel it for the others.
    private func obtain(_ call: @escaping @Sendable () async throws -> Token, isRefresh: Bool) async throws -> Token {
        let task: Task<Token, any Error>
        if let inFlight {
            task = inFlight
        } else {
            if isRefresh {
                let now = clock.now
                refreshStarts.removeAll { $0.duration(to: now) >= limit.window }
                guard refreshStarts.count < limit.count else { throw ExcessiveRefresh(limit: limit) }
                refreshStarts.append(now)
            }
            task = Task { try await call() }
            inFlight = task
        }
        do {
            let token = try await task.value
            if inFlight == task {
                inFlight = nil
                current = (token, token.expiresIn.map { clock.now.advanced(by: $0 - min(leeway, $0 / 2)) })
            }
            return token
        } catch {
            // A failed refresh leaves no token behind; a request made from now on may try again.
            if inFlight == task {
                inFlight = nil
                current = nil
                failures += 1
                lastFailure = error
            }
            throw error
        }
    }
}
