import Logging

/// A pair of presenters, one for debug builds and one for release builds, and the configuration that
/// chooses between them: a debug build shows an error's full diagnosis, a release build a short message
/// for the person using the app. Nothing here draws: the presenters do (`ObservableErrorPresenter` (CourierUI)
/// for SwiftUI, `AlertControllerErrorPresenter` for UIKit, ``LoggingErrorPresenter`` for logs).
///
/// ```swift
/// let errors = ObservableErrorPresenter()                 // SwiftUI: `.errorAlert(errors)`
/// let handlers = ErrorHandlers.standard(showing: errors, logger: Logger(label: "app.errors"))
///
/// do {
///     articles = try await client.send(.articles)
/// } catch {
///     handlers.handle(error)                              // on the main actor
/// }
/// ```
///
/// The caller's own cancellation is not presented: a person who left a screen does not want to hear
/// that its request stopped.
public struct ErrorHandlers: Sendable {
    /// Gets the presentations of a debug build: the full diagnosis.
    public var debug: any ErrorPresenter
    /// Gets the presentations of a release build: the user-facing message.
    public var release: any ErrorPresenter
    /// Which of the two ``handle(_:)`` uses; ``BuildConfiguration/current`` unless given.
    public var configuration: BuildConfiguration
    /// The messages of release presentations.
    public var messages: UserFacingMessages

    /// Handlers presenting to `debug` or `release`, as `configuration` says.
    public init(
        debug: any ErrorPresenter,
        release: any ErrorPresenter,
        configuration: BuildConfiguration = .current,
        messages: UserFacingMessages = .default
    ) {
        self.debug = debug
        self.release = release
        self.configuration = configuration
        self.messages = messages
    }

    /// Both halves show on `presenter` and log the diagnosis to `logger`: a debug build shows the
    /// diagnosis, a release build the user-facing message. The build configuration chooses.
    public static func standard(
        showing presenter: any ErrorPresenter,
        logger: Logger = Logger(label: "courier.errors"),
        messages: UserFacingMessages = .default
    ) -> ErrorHandlers {
        let logged = ErrorPresenterPair(first: LoggingErrorPresenter(logger: logger), second: presenter)
        return ErrorHandlers(debug: logged, release: logged, configuration: .current, messages: messages)
    }

    /// The presenter `configuration` chooses.
    public func presenter(for configuration: BuildConfiguration) -> any ErrorPresenter {
        switch configuration {
        case .debug: debug
        case .release: release
        }
    }

    /// Presents `error` once, on the presenter of ``configuration``, and returns what it presented;
    /// `nil`, and nothing presented, when the error is a cancellation (a `CancellationError`, or a
    /// ``NetworkError`` of kind ``NetworkError/Kind/cancelled``).
    @MainActor
    @discardableResult
    public func handle(_ error: any Error) -> ErrorPresentation? {
        // NOTE: a cancellation is the caller's own doing (a view that went away, a search replaced by the
        // next keystroke): an alert about it would be noise.
        guard !ErrorPresentation.isCancellation(error) else { return nil }
        let presentation = ErrorPresentation(error, for: configuration, messages: messages)
        presenter(for: configuration).present(presentation)
        return presentation
    }
}
