import Courier

/// An `ErrorPresenter` that shows nothing and keeps every presentation it is given, so a test can
/// check what an app's error handling would have shown, on any platform.
///
/// ```swift
/// let recorder = RecordingErrorPresenter()
/// let handlers = ErrorHandlers(debug: recorder, release: recorder, configuration: .release)
/// await handlers.handle(NetworkError(.notConnected))
/// #expect(recorder.presentations.map(\.message) == ["You appear to be offline. Check your connection and try again."])
/// ```
public final class RecordingErrorPresenter: ErrorPresenter, Sendable {
    private let recorded = Locked<[ErrorPresentation]>([])

    /// A presenter that has recorded nothing.
    public init() {}

    /// Every presentation given to ``present(_:)``, oldest first.
    public var presentations: [ErrorPresentation] {
        recorded.withLock { $0 }
    }

    /// Records `presentation`.
    public func present(_ presentation: ErrorPresentation) {
        recorded.withLock { $0.append(presentation) }
    }
}
