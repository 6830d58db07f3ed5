/// How a ``RetryPolicy`` treats a request that failed because the machine could not reach the server
/// (``isOffline(_:)``): it waits until the network answers again, no longer than ``maxWait``, and then sends
/// the request once more, without spending an attempt. While the machine is offline, attempts are not burnt
/// on a network that is not there; once it is back, the request goes at once instead of after a backoff.
///
/// Set it with ``RetryPolicy/waitingForConnectivity(maxWait:monitor:)``:
///
/// ```swift
/// let client = Client(transport: URLSessionTransport())
///     .retrying(.exponential(base: .milliseconds(200), maxAttempts: 4).waitingForConnectivity(maxWait: .seconds(60)))
/// ```
///
/// After an offline failure the ``monitor`` (a ``TCPConnectivityProbe`` unless given) is asked to wait for
/// the request's host and port, and its answer decides:
///
/// - ``Connectivity/restored``: the request is sent again at once; the resend is not counted against
///   ``RetryPolicy/maxAttempts`` nor taken from the budget (the server never saw the failed one);
/// - ``Connectivity/online``: the network was up all along, so the failure is an ordinary one: retried as
///   any other error, after the backoff, as one of the attempts;
/// - ``Connectivity/offline``: no further attempt; the caller gets the error, its kind unchanged, its
///   message saying that the network did not come back within the wait.
///
/// ``maxWait`` is the total for one call: several waits (a network that comes and goes) share it. The
/// request's ``RequestOptions/deadline`` and the policy's ``RetryPolicy/maxElapsedTime`` cut a wait
/// short too. The wait runs on the clock given to ``Client/retrying(_:clock:)``.
///
/// It is safe for every method, POST included, and it is the same rule ``RetryPolicy/decision(for:request:)``
/// applies: an offline error means that no connection was made, so no byte of the request left the machine
/// and the server cannot have acted on it. A body that can be sent only once (``RequestBody/singlePass(length:_:)``)
/// is still never sent again.
///
/// Only ``Client/retrying(_:clock:)`` waits: ``withRetries(_:clock:isRetryable:operation:)`` and
/// `Call.retry` know no host to wait for.
public struct OfflineRetry: Sendable {
    /// The longest time one call spends waiting for the network, over all its waits.
    public var maxWait: Duration
    /// What tells when the network answers again.
    public var monitor: any ConnectivityMonitor

    /// Waits up to `maxWait` for `monitor` to see the request's host and port answer.
    public init(maxWait: Duration = .seconds(60), monitor: some ConnectivityMonitor = TCPConnectivityProbe()) {
        precondition(maxWait >= .zero, "maxWait must not be negative")
        self.maxWait = maxWait
        self.monitor = monitor
    }

    /// The error kinds that mean the machine could not reach the server, and so that nothing was sent:
    /// ``NetworkError/Kind/notConnected`` (the device has no network: URLSession's `notConnectedToInternet`,
    /// `dataNotAllowed`) and ``NetworkError/Kind/cannotConnect`` (the connection was refused, there is no
    /// route to the host or network, the address is not available, the host name did not resolve:
    /// `ECONNREFUSED`, `EHOSTUNREACH`, `ENETUNREACH`, `EADDRNOTAVAIL`, DNS errors; URLSession's
    /// `cannotConnectToHost`, `cannotFindHost`, `dnsLookupFailed`).
    ///
    /// Never a timeout (a request that timed out may have been sent whole), a closed or reset connection,
    /// a TLS failure (the connection was made; the server is there), or a proxy's refusal.
    public static let kinds: Set<NetworkError.Kind> = [.notConnected, .cannotConnect]

    /// Whether `error` is a ``NetworkError`` of one of the offline ``kinds``.
    public static func isOffline(_ error: any Error) -> Bool {
        guard let error = error as? NetworkError else { return false }
        return kinds.contains(error.kind)
    }
}

extension RetryPolicy {
    /// This policy, waiting for the network after a request failed because the server could not be reached
    /// (see ``OfflineRetry``), at most `maxWait` in all, with `monitor` telling when it answers again.
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .retrying(.default.waitingForConnectivity(maxWait: .seconds(60)))
    /// ```
    public func waitingForConnectivity(
        maxWait: Duration = .seconds(60),
        monitor: some ConnectivityMonitor = TCPConnectivityProbe()
    ) -> RetryPolicy {
        var policy = self
        policy.offline = OfflineRetry(maxWait: maxWait, monitor: monitor)
        return policy
    }
}
