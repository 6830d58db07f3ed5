#if canImport(Observation)
import Courier
import Observation

/// Holds the presentation to show, for a view to observe: SwiftUI shows it with `.errorAlert(_:)`, and
/// any other UI reads ``presentation`` (Observation tracks it) and calls ``dismiss()``.
///
/// ```swift
/// struct ArticlesView: View {
///     @State private var errors = ObservableErrorPresenter()
///     var body: some View {
///         List(articles) { ArticleRow($0) }
///             .task {
///                 do { articles = try await client.send(.articles) }
///                 catch { ErrorHandlers.standard(showing: errors).handle(error) }
///             }
///             .errorAlert(errors)
///     }
/// }
/// ```
///
/// UI-free itself: it compiles wherever Observation does, Linux included.
@MainActor
@Observable
public final class ObservableErrorPresenter: ErrorPresenter {
    /// The presentation on screen; `nil` when there is none.
    public private(set) var presentation: ErrorPresentation?

    /// Whether a presentation is on screen; setting it to `false` dismisses it (an alert's binding).
    public var isPresenting: Bool {
        get { presentation != nil }
        set { if !newValue { presentation = nil } }
    }

    /// A presenter with nothing to show.
    public init() {}

    /// Shows `presentation`, in place of the one on screen if there is one.
    public func present(_ presentation: ErrorPresentation) {
        // NOTE: the newest error replaces the one on screen rather than queueing behind it: a person
        // dismissing a stack of alerts about one outage learns nothing from the second.
        self.presentation = presentation
    }

    /// Takes the presentation off screen.
    public func dismiss() {
        presentation = nil
    }
}
#endif
