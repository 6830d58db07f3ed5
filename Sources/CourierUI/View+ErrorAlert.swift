#if canImport(SwiftUI)
import Courier
import SwiftUI

extension View {
    /// Shows an alert while `presenter` holds a presentation: its title, its message and an OK button that
    /// dismisses it.
    ///
    /// ```swift
    /// @State private var errors = ObservableErrorPresenter()
    ///
    /// var body: some View {
    ///     ArticleList().errorAlert(errors)
    /// }
    /// ```
    @MainActor
    public func errorAlert(_ presenter: ObservableErrorPresenter) -> some View {
        alert(
            presenter.presentation?.title ?? "",
            isPresented: Bindable(presenter).isPresenting,
            presenting: presenter.presentation
        ) { _ in
            Button("OK", role: .cancel) {}
        } message: { presentation in
            Text(presentation.message)
        }
    }
}
#endif
