/// How a download that was cut off while its body arrived is continued under the client's retry policy:
/// offered by the ``Client/retrying(_:clock:)`` layer the download's request passes through, so that the
/// policy, its clock, the deadline and the retry budget decide, exactly as they do for the request itself.
///
/// The body is read after the response has left every layer, so no layer can retry a body that breaks
/// off; the download asks the layer for this instead, through a ``DownloadResumerSlot`` on its request.
protocol DownloadResumer: Sendable {
    /// Runs `resume` again and again under the retry policy after `failure`, the error that cut the first
    /// attempt short, while `isResumable` says the latest error allows another attempt; returns the
    /// first value `resume` returns, or throws the error on which the policy gave up.
    ///
    /// `resume` is given the attempt number: 2 for the first resumption.
    nonisolated(nonsending) func resume<T>(
        after failure: any Error,
        isResumable: (any Error) -> Bool,
        _ resume: (_ attempt: Int) async throws -> T
    ) async throws -> T
}

/// Where the outermost ``Client/retrying(_:clock:)`` layer a download's request passes through leaves its
/// ``DownloadResumer``. Only downloads put a slot on their requests, so other requests pay one lookup.
final class DownloadResumerSlot: Sendable {
    private let resumer = Locked<(any DownloadResumer)?>(nil)

    /// The resumer offered first, if any.
    var offered: (any DownloadResumer)? {
        resumer.withLock { $0 }
    }

    /// Keeps `candidate` unless a layer further out offered one already: the outermost policy governs the
    /// whole download, as it governs the whole call.
    func offer(_ candidate: @autoclosure () -> any DownloadResumer) {
        resumer.withLock { current in
            if current == nil { current = candidate() }
        }
    }
}

/// The ``DownloadResumer`` of one ``Retrying`` layer: its ``RetryLoop`` with the first attempt already made.
struct RetryingDownloadResumer<C: Clock<Duration>>: DownloadResumer {
    let loop: RetryLoop<C>
    let withdrawFromBudget: @Sendable () -> Bool

    nonisolated(nonsending) func resume<T>(
        after failure: any Error,
        isResumable: (any Error) -> Bool,
        _ resume: (_ attempt: Int) async throws -> T
    ) async throws -> T {
        let retryableErrors = loop.policy.retryableErrors
        return try await loop.run { number in
            // Attempt 1 is the one that was cut short: the loop starts by deciding on it.
            guard number > 1 else { throw failure }
            return try await resume(number)
        } classify: { outcome in
            guard case .failure(let error) = outcome, isResumable(error),
                  let error = error as? NetworkError, retryableErrors.contains(error.kind)
            else { return .stop(reason: nil) }
            return .retry
        } withdrawFromBudget: {
            withdrawFromBudget()
        }
    }
}
