/// Shows an ``ErrorPresentation``: an alert, a banner, a log line, a recording for a test.
///
/// The one requirement runs on the main actor, because showing something is main-actor work in SwiftUI
/// and UIKit, and it is synchronous, so a view's action or a UIKit callback presents without starting a
/// task. A presenter with slow work to do (sending a report) starts that work itself and returns.
/// A presenter that touches no UI (``LoggingErrorPresenter``) may implement it without isolation.
///
/// ```swift
/// struct BannerPresenter: ErrorPresenter {
///     let banner: Banner          // a main-actor class of the app
///     @MainActor func present(_ presentation: ErrorPresentation) {
///         banner.show(presentation.message, offeringRetry: presentation.isRetryable)
///     }
/// }
/// ```
///
/// ``ErrorHandlers`` chooses, by build configuration, which presenter gets which presentation.
public protocol ErrorPresenter: Sendable {
    /// Shows `presentation`.
    @MainActor func present(_ presentation: ErrorPresentation)
}
