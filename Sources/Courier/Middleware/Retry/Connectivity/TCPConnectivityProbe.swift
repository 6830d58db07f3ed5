/// The default ``ConnectivityMonitor``: it opens a TCP connection to the target, at once and then after
/// each of a growing series of waits on the clock (1 s, 2 s, 4 s, … up to 10 s by default), until one
/// opens or the wait ends. The connection is closed as soon as it opens; nothing is written on it.
///
/// ```swift
/// let probe = TCPConnectivityProbe(interval: .milliseconds(500), maximumInterval: .seconds(5))
/// let policy = RetryPolicy.default.waitingForConnectivity(maxWait: .seconds(30), monitor: probe)
/// ```
///
/// ## Why a probe of the target
///
/// Linux has neither `NWPathMonitor` nor `SCNetworkReachability`. What it offers is rtnetlink: a
/// `NETLINK_ROUTE` socket subscribed to `RTMGRP_LINK`, `RTMGRP_IPV4_IFADDR` and `RTMGRP_IPV4_ROUTE` (and their
/// IPv6 groups) hears of links going up or down, addresses and routes coming and going; on desktops,
/// NetworkManager says the same over D-Bus (`org.freedesktop.NetworkManager`, its `StateChanged` signal and
/// `Connectivity` property). None of them says whether *this* server answers: a route can be up while the
/// server's host is down or its name does not resolve yet, and a container often has no netlink events of
/// its own to hear and no D-Bus at all. A TCP connection to the request's host and port answers exactly
/// the question the retry asks, works the same on every platform and in any container, and needs no
/// privilege. What it costs: the name is resolved (`getaddrinfo`) and a handshake made per probe, and the
/// server sees a connection that closes without a request.
///
/// Through a proxy, the transport connects to the proxy, not to the request's host: set ``target`` to the
/// proxy's host and port.
public struct TCPConnectivityProbe: ConnectivityMonitor {
    /// The wait after the first failed probe; each later wait is twice the one before.
    public var interval: Duration
    /// The longest wait between two probes.
    public var maximumInterval: Duration
    /// How long one connection attempt may take before it counts as failed. The system's own timer, not
    /// the clock's: a refused or unroutable connection fails long before it.
    public var connectTimeout: Duration
    /// What to probe instead of the failed request's host and port (a proxy, a gateway); `nil` (the
    /// default) probes the request's.
    public var target: ConnectivityTarget?

    /// Creates a probe.
    public init(
        interval: Duration = .seconds(1),
        maximumInterval: Duration = .seconds(10),
        connectTimeout: Duration = .seconds(3),
        target: ConnectivityTarget? = nil
    ) {
        precondition(interval > .zero && maximumInterval >= interval, "probe intervals must be positive, the maximum at least the first")
        precondition(connectTimeout > .zero, "a probe's connect timeout must be positive")
        self.interval = interval
        self.maximumInterval = maximumInterval
        self.connectTimeout = connectTimeout
        self.target = target
    }

    /// Connects to the target at once, then after each interval on `clock` (doubling up to
    /// ``maximumInterval``, the last wait cut to end at `maxWait`), until a connection opens or the wait ends.
    ///
    /// - Returns: ``Connectivity/online`` when the first connection opens, ``Connectivity/restored`` when a
    ///   later one does, ``Connectivity/offline`` when none did within `maxWait`.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func waitForConnectivity<C: Clock<Duration>>(
        to target: ConnectivityTarget,
        within maxWait: Duration,
        clock: C
    ) async throws -> Connectivity {
        let target = self.target ?? target
        let start = clock.now
        if try await TCPConnection.opens(to: target, timeout: connectTimeout) { return .online }
        var wait = interval
        while true {
            let left = maxWait - start.duration(to: clock.now)
            guard left > .zero else { return .offline }
            // NOTE: the last wait is cut to what is left, so that a probe runs at the very end of maxWait.
            try await clock.sleep(for: min(wait, left))
            if try await TCPConnection.opens(to: target, timeout: connectTimeout) { return .restored }
            wait = min(wait * 2, maximumInterval)
        }
    }
}
