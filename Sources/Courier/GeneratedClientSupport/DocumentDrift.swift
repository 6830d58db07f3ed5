import Logging

/// How a generated client treats a server that drifts from its OpenAPI document.
///
/// Real servers drift: a FastAPI route documented with `200` answers `201`, an error body has another shape
/// than the documented one. Two policies:
///
/// - ``tolerant(logger:)``, the default: a `2xx` the operation does not document is decoded with the
///   operation's one success type, when it has exactly one (with several, the status is what tells them
///   apart, so it stays an error), and a warning naming the operation, its documented statuses and the status
///   received goes to `logger`. Only the status is forgiven: a JSON body must still decode as the documented
///   type, and a body that is not JSON (bytes, which anything would pass for) must come with one of its
///   documented media types as its `Content-Type`.
/// - ``strict``: an undocumented status is an error, as it is for a contract test: the operation's
///   `undocumented(status:body:)` case when it documents error responses, else a plain
///   ``NetworkError/Kind/unacceptableStatus(_:)`` (``EndpointResponse/unacceptable()``).
///
/// In both, a documented body that does not match its schema is *reported*, never decoded to emptiness (see
/// ``SchemaMismatch``): for an error status, `strict` makes the mismatch the error's kind
/// (``NetworkError/Kind/decodingFailed(codingPath:)``) and `tolerant` keeps the status as its kind
/// (``NetworkError/Kind/unacceptableStatus(_:)``), so code that handles a 422 still sees one.
///
/// Tolerant is the default because an app talks to the server as deployed: a create that worked and
/// answered the created value should not fail because the document named another success code, and the
/// warning still shows the drift. Make tests and CI strict, to catch the drift before users do:
///
/// ```swift
/// let client = Client(transport: AsyncHTTPClientTransport())
///     .handlingDocumentDrift(.strict)
/// ```
public struct DocumentDrift: Sendable {
    /// Whether an undocumented `2xx` is decoded with the operation's one success type.
    public var isTolerant: Bool
    /// Where the warnings of a tolerated drift go.
    public var logger: Logger

    /// Undocumented `2xx` statuses decoded when the operation has one success type, each with a warning on
    /// `logger` (by default one labelled `Courier.OpenAPI`, through swift-log's bootstrapped handler).
    public static func tolerant(logger: Logger = Logger(label: "Courier.OpenAPI")) -> DocumentDrift {
        DocumentDrift(isTolerant: true, logger: logger)
    }

    /// Every undocumented status is an error.
    public static let strict = DocumentDrift(isTolerant: false, logger: Logger(label: "Courier.OpenAPI"))
}

/// The drift policy of a request; ``DocumentDrift/tolerant(logger:)`` when nobody sets one.
enum DocumentDriftOptionKey: RequestOptionKey {
    static let defaultValue = DocumentDrift.tolerant()
}

extension RequestOptions {
    /// How the generated client that built this request treats a response its document does not describe:
    /// ``DocumentDrift/tolerant(logger:)`` unless set (see ``DocumentDrift``).
    public var documentDrift: DocumentDrift {
        get { self[DocumentDriftOptionKey.self] }
        set { self[DocumentDriftOptionKey.self] = newValue }
    }
}
