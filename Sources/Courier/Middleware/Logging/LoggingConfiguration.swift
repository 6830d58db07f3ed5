import Logging

/// What ``Client/logging(to:_:clock:)`` writes, and at which levels.
///
/// ```swift
/// var configuration = LoggingConfiguration()
/// configuration.started = .debug          // only the end line at info
/// configuration.bodies = .text(upTo: 2048) // bodies at trace level, text only
/// let client = base.logging(to: logger, configuration)
/// ```
///
/// To see each request as a `curl` command you can paste into a shell, set ``cURLLevel`` or use the
/// ``cURL`` preset: `base.logging(to: logger, .cURL)`.
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
    /// The level of a line holding each request as a `curl` command; `nil` (the default) writes none.
    ///
    /// The line's message is the command alone, as ``ClientRequest/cURLDescription(redactor:)`` writes it,
    /// so it can be pasted into a shell as it is; the request number and attempt are in its metadata. It
    /// is redacted by the same redactor as the other lines (``redactor``, else the request's), and written
    /// when the request is handed to the layers below, before the transport: one per attempt inside
    /// ``Client/retrying(_:clock:)``, one per logical request outside. It shows the request as it passes
    /// the logging layer, so add ``Client/logging(to:_:clock:)`` before (inside) the layers that add what
    /// you want to see, and inside ``Client/targeting(_:)`` for a full URL.
    ///
    /// Unlike the other lines, the command holds the request's body (sensitive JSON members and form
    /// fields redacted): a command without it would not send the request again. A body the command
    /// cannot hold is not shown, and a first comment line says so while the command reads the body from
    /// standard input: a stream (reading it would consume it), and a body in memory over 64 KiB.
    ///
    /// ```text
    /// curl \
    ///   --header 'Authorization: <redacted>' \
    ///   --header 'Content-Type: application/json' \
    ///   --data-raw '{"title":"Hello"}' \
    ///   'https://api.example.com/v1/notes'
    /// ```
    public var cURLLevel: Logger.Level?

    /// Start and end lines at `info`, failures at `error`, no bodies, secrets redacted.
    public init() {}

    /// The defaults.
    public static let `default` = LoggingConfiguration()

    /// The defaults, plus each request as a `curl` command at `debug` (see ``cURLLevel``); the logger's
    /// level must be `debug` or lower to write it.
    ///
    /// ```swift
    /// var logger = Logger(label: "api")
    /// logger.logLevel = .debug
    /// let client = base.logging(to: logger, .cURL)
    /// ```
    public static let cURL: LoggingConfiguration = {
        var configuration = LoggingConfiguration()
        configuration.cURLLevel = .debug
        return configuration
    }()
}
