// NOTE: watchOS has a UIKit module but no view controllers.
#if canImport(UIKit) && !os(watchOS)
import Courier
import UIKit

/// Shows each presentation as a `UIAlertController` with an OK button, presented from a view controller
/// (or from what that view controller is already presenting).
///
/// ```swift
/// final class ArticlesViewController: UIViewController {
///     lazy var handlers = ErrorHandlers.standard(showing: AlertControllerErrorPresenter(on: self))
/// }
/// ```
@MainActor
public final class AlertControllerErrorPresenter: ErrorPresenter {
    // NOTE: weak: the view controller usually owns the handlers that own this presenter.
    private weak var viewController: UIViewController?

    /// A presenter showing its alerts from `viewController`.
    public init(on viewController: UIViewController) {
        self.viewController = viewController
    }

    /// Presents an alert with `presentation`'s title and message from the topmost view controller that
    /// `viewController` presents; nothing when the view controller is gone or an alert is already showing.
    public func present(_ presentation: ErrorPresentation) {
        guard var top = viewController else { return }
        while let presented = top.presentedViewController {
            top = presented
        }
        // NOTE: one alert at a time: UIKit refuses to present over an alert that is still on screen.
        guard !(top is UIAlertController) else { return }
        let alert = UIAlertController(title: presentation.title, message: presentation.message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .cancel))
        top.present(alert, animated: true)
    }
}
#endif
