/// What to show a person about a failure: a title, a message, whether trying again may help, and the
/// redacted diagnosis for logs.
///
/// Made from any error for a ``BuildConfiguration``: a ``BuildConfiguration/debug`` presentation's
/// message is the full diagnosis (``NetworkError/description``: the kind, the request and response
/// heads, the body, the cause, with credentials redacted); a ``BuildConfiguration/release`` one's is the
/// short sentence of ``UserFacingMessages``, which never names a URL, a header or a value.
///
/// ```swift
/// let presentation = ErrorPresentation(error, for: .release)
/// banner.text = presentation.message     // "That could not be found."
/// ```
public struct ErrorPresentation: Sendable, Hashable {
    /// A short title: the error's kind in a debug build (`unacceptableStatus(404)`), "Something went wrong"
    /// in a release build.
    public var title: String
    /// The text to show: the full diagnosis in a debug build, the user-facing message in a release build.
    public var message: String
    /// The redacted diagnosis, in both configurations: for logs and crash reports, never for the screen of
    /// a release build (it names the URL).
    public var diagnosis: String
    /// Whether trying again may help (no connection, a timeout, a 503): a reason to offer "Try Again".
    public var isRetryable: Bool
    /// The ``NetworkError``'s kind; `nil` for any other error.
    public var kind: NetworkError.Kind?

    /// The title of every release presentation.
    public static let releaseTitle = "Something went wrong"

    /// A presentation with exactly these values, for previews and for presenters' own tests.
    public init(title: String, message: String, diagnosis: String, isRetryable: Bool = false, kind: NetworkError.Kind? = nil) {
        self.title = title
        self.message = message
        self.diagnosis = diagnosis
        self.isRetryable = isRetryable
        self.kind = kind
    }

    /// The presentation of `error` in `configuration`, with the release message from `messages`.
    public init(_ error: any Error, for configuration: BuildConfiguration, messages: UserFacingMessages = .default) {
        let networkError = error as? NetworkError
        // NOTE: an error of the app's own is printed through the default redactor too: its description can
        // hold a URL with a token in it (an NSError's user info does).
        let diagnosis = networkError?.description ?? Redactor.default.scrub("\(type(of: error)): \(error)")
        switch configuration {
        case .debug:
            let title = networkError.map { "\($0.kind)" } ?? "\(type(of: error))"
            self.init(title: title, message: diagnosis, diagnosis: diagnosis,
                      isRetryable: Self.retryMayHelp(after: error), kind: networkError?.kind)
        case .release:
            self.init(title: Self.releaseTitle, message: messages.message(for: error), diagnosis: diagnosis,
                      isRetryable: Self.retryMayHelp(after: error), kind: networkError?.kind)
        }
    }

    /// Whether ``RetryPolicy/default`` would try again after `error`: a ``NetworkError`` of one of its
    /// retryable kinds or statuses, or any other error but cancellation.
    static func retryMayHelp(after error: any Error) -> Bool {
        let policy = RetryPolicy.default
        if let error = error as? NetworkError, case .unacceptableStatus(let code) = error.kind {
            return policy.retryableStatuses.contains(code)
        }
        return policy.isRetryable(error)
    }

    /// Whether `error` is the caller's own cancellation, which nothing presents.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? NetworkError)?.kind == .cancelled
    }
}
