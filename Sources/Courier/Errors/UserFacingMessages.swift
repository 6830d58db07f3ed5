/// Short messages a person can read for each kind of failure, for an alert or a banner — never the
/// technical description, which is for logs. FunNet's error-handling helpers, made overridable.
///
/// ```swift
/// var messages = UserFacingMessages.default
/// messages.override { error in
///     error.kind == .unacceptableStatus(404) ? "That article was deleted." : nil
/// }
/// banner.text = messages.message(for: error)
/// ```
public struct UserFacingMessages: Sendable {
    private var overrides: [@Sendable (NetworkError) -> String?] = []

    /// The built-in messages.
    public static let `default` = UserFacingMessages()

    /// The built-in messages, with nothing overridden.
    public init() {}

    /// Puts `message` in front of the built-in messages (and of earlier overrides): it is asked first,
    /// and a `nil` answer falls through.
    public mutating func override(_ message: @escaping @Sendable (NetworkError) -> String?) {
        overrides.insert(message, at: 0)
    }

    /// The message for `error`: a ``NetworkError`` by its kind, anything else as an unexpected failure.
    public func message(for error: any Error) -> String {
        let networkError: NetworkError
        switch error {
        case let error as NetworkError: networkError = error
        case is CancellationError: networkError = NetworkError(.cancelled)
        default: return "Something went wrong. Please try again."
        }
        for override in overrides {
            if let message = override(networkError) { return message }
        }
        return networkError.kind.info.userMessage
    }

    /// The message for an unacceptable status, which `NetworkError.Kind.info` gives for `unacceptableStatus`.
    static func message(forStatus code: Int) -> String {
        switch code {
        case 401: "Please sign in again."
        case 403: "You don't have permission to do that."
        case 404: "That could not be found."
        case 408, 504: "The server took too long to answer. Please try again."
        case 409: "That was changed by someone else. Reload and try again."
        case 413: "That is too large to send."
        case 422, 400: "The server could not accept that. Check what you entered."
        case 429: "Too many requests. Please wait a moment and try again."
        case 500...599: "The service is having problems. Please try again later."
        default: "The request failed (\(code))."
        }
    }
}

extension NetworkError {
    /// A short message for a person, from ``UserFacingMessages/default``: `NetworkError.userMessage(for: error)`.
    public static func userMessage(for error: any Error) -> String {
        UserFacingMessages.default.message(for: error)
    }
}
