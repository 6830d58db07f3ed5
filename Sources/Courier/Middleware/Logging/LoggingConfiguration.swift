import Logging

/// What ``Client/logging(to:_:clock:)`` writes, and at which levels.
///
/// ```swift
/// var configuration = LoggingConfiguration()
/// configuration.started = .debug          // only the end line at info
/// configuration.bodies = .text(upTo: 2048) // bodies at trace level, text only
/// let client = base.logging(to: logger, configuration)
/// ```
public struct LoggingConfiguration: Sendable {
    /// Whether bodies are logged.
    public enum Bodies: Sendable, Equatable {
        /// Never (the default): bodies often hold personal data.
        case off
        /// Request and response bodies in text formats (JSON, XML, forms, `text/*`), at most `limit`
        /// bytes each, with sensitive JSON members and form fields redacted. Binary bodies, file bodies
        /// and request streams are never written.
        case text(upTo: Int)
    }

    /// The line when a request is handed on: `#7 --> GET https://…`. Default `info`.
    public var started: Logger.Level = .info
    /// The line when a response has been read to its end with a status below 400: `#7 <-- 200 OK GET
    /// https://… 12.3 ms, 512 bytes`. Default `info`.
    public var finished: Logger.Level = .info
    /// The end line for a status of 400 or more. Default `warning`.
    public var unsuccessful: Logger.Level = .warning
    /// A thrown error, with the ``NetworkError`` diagnosis. Default `error`.
    public var failed: Logger.Level = .error
    /// The body lines, when ``bodies`` allows them. Default `trace`.
    public var bodyLevel: Logger.Level = .trace
    /// Whether bodies are written. Default ``Bodies/off``.
    public var bodies: Bodies = .off
    /// What to hide; `nil` (the default) uses each request's ``RequestOptions/redactor``.
    public var redactor: Redactor?

    /// Start and end lines at `info`, failures at `error`, no bodies, secrets redacted.
    public init() {}

    /// The defaults.
    public static let `default` = LoggingConfiguration()
}
