/// Tells when the network answers again: what ``OfflineRetry`` waits on after a request failed because the
/// machine could not reach the server (``OfflineRetry/isOffline(_:)``).
///
/// One requirement: wait, on the given clock and no longer than `maxWait`, until `target` can be reached.
/// ``TCPConnectivityProbe`` (the default) opens a TCP connection to the target now and then; conform to it
/// to wake on something else: a platform's path monitor, a test's script, a VPN's status.
///
/// ```swift
/// /// Says the network is back as soon as the app's own reachability flag says so.
/// struct FlagMonitor: ConnectivityMonitor {
///     let isOnline: @Sendable () -> Bool
///
///     func waitForConnectivity<C: Clock<Duration>>(
///         to target: ConnectivityTarget, within maxWait: Duration, clock: C
///     ) async throws -> Connectivity {
///         if isOnline() { return .online }
///         let end = clock.now.advanced(by: maxWait)
///         while clock.now < end {
///             try await clock.sleep(for: .milliseconds(500))
///             if isOnline() { return .restored }
///         }
///         return .offline
///     }
/// }
/// ```
public protocol ConnectivityMonitor: Sendable {
    /// Returns once `target` can be reached, or once `maxWait` has passed on `clock` without it.
    ///
    /// - Parameters:
    ///   - target: the host and port the failed request was for.
    ///   - maxWait: the longest wait; zero asks only whether the target answers now.
    ///   - clock: the time to wait on: the retrying layer's, a test clock in tests.
    /// - Returns: ``Connectivity/online`` when the target answered at once (the failure was not the
    ///   network's), ``Connectivity/restored`` when it answered after a wait, ``Connectivity/offline`` when
    ///   the wait ended without an answer.
    /// - Throws: `CancellationError` when the task is cancelled during the wait.
    func waitForConnectivity<C: Clock<Duration>>(
        to target: ConnectivityTarget,
        within maxWait: Duration,
        clock: C
    ) async throws -> Connectivity
}

/// What a ``ConnectivityMonitor``'s wait found.
public enum Connectivity: Sendable, Hashable {
    /// The target answered at once: the network is up, so the failure is the server's or the path's, and
    /// it is retried as any other (an attempt spent, after the backoff).
    case online
    /// The target did not answer at first and answered before the wait ended: the request is sent again
    /// at once, and the resend spends no attempt. Only a wait that took time on the clock counts: a
    /// `restored` returned at once is taken as ``online``, so a resend that spends nothing cannot repeat
    /// without end.
    case restored
    /// The wait ended without an answer: no further attempt; the caller gets the last error.
    case offline
}
