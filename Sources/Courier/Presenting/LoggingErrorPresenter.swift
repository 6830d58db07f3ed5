import Logging

/// Writes the redacted diagnosis of every presentation to a swift-log `Logger`: the release half of a
/// pair whose errors should reach the logs and not the screen, or a second presenter next to the one
/// that shows (``ErrorPresenter/logging(to:level:)``).
///
/// ```swift
/// let handlers = ErrorHandlers(debug: alerts, release: LoggingErrorPresenter(logger: Logger(label: "app.errors")))
/// ```
public struct LoggingErrorPresenter: ErrorPresenter {
    /// Where the diagnosis goes.
    public var logger: Logger
    /// The level it is logged at.
    public var level: Logger.Level

    /// A presenter logging to `logger` at `level` (`.error` unless given).
    public init(logger: Logger, level: Logger.Level = .error) {
        self.logger = logger
        self.level = level
    }

    /// Logs `presentation.diagnosis`, with the error's kind as `error.kind` metadata when it has one.
    public func present(_ presentation: ErrorPresentation) {
        // NOTE: the diagnosis, never the message: a release message says nothing a log reader can act on.
        var metadata: Logger.Metadata = [:]
        if let kind = presentation.kind {
            metadata["error.kind"] = "\(kind.name)"
        }
        logger.log(level: level, "\(presentation.diagnosis)", metadata: metadata)
    }
}

extension ErrorPresenter {
    /// This presenter, after `logger` has logged the diagnosis (``LoggingErrorPresenter``).
    ///
    /// ```swift
    /// let release = alerts.logging(to: Logger(label: "app.errors"))
    /// ```
    public func logging(to logger: Logger, level: Logger.Level = .error) -> some ErrorPresenter {
        ErrorPresenterPair(first: LoggingErrorPresenter(logger: logger, level: level), second: self)
    }
}

/// Two presenters, one after the other.
struct ErrorPresenterPair: ErrorPresenter {
    let first: any ErrorPresenter
    let second: any ErrorPresenter

    @MainActor func present(_ presentation: ErrorPresentation) {
        first.present(presentation)
        second.present(presentation)
    }
}
