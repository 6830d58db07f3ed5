import Foundation

/// A documented response body that does not match its schema: the ``NetworkError/underlying`` error a
/// generated client throws instead of a value decoded to emptiness.
///
/// It keeps the raw body, so a caller can still read what the server said:
///
/// ```swift
/// catch let error as NetworkError {
///     if let mismatch = error.schemaMismatch {
///         print(mismatch.status, mismatch.schema, String(decoding: mismatch.body, as: UTF8.self))
///     }
/// }
/// ```
public struct SchemaMismatch: Error, Sendable {
    /// The response's status.
    public var status: Int
    /// The Swift type of the documented schema (`HTTPValidationError`).
    public var schema: String
    /// Why it does not match: the decoding error's summary, or the keys it lacks.
    public var reason: String
    /// The body as it arrived.
    public var body: Data
    /// The decoding error, when decoding failed (rather than decoding to an object with none of its keys).
    public var decodingError: DecodingError?

    /// A mismatch of `body`, received with `status`, against the schema whose Swift type is `schema`.
    public init(status: Int, schema: String, reason: String, body: Data, decodingError: DecodingError? = nil) {
        self.status = status
        self.schema = schema
        self.reason = reason
        self.body = body
        self.decodingError = decodingError
    }

    /// The first characters of the body, on one line: what error messages show.
    public var preview: String {
        let text = String(decoding: body.prefix(Self.previewLimit), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        return body.count > Self.previewLimit ? text + " … (\(body.count) bytes)" : text
    }

    /// The sentence a ``NetworkError``'s message carries.
    var message: String {
        "the \(status) body does not match the documented schema \(schema): \(reason) body: \(preview)"
    }

    static let previewLimit = 200
}

extension NetworkError {
    /// The documented body that did not match its schema, when that is what this error reports.
    public var schemaMismatch: SchemaMismatch? {
        underlying as? SchemaMismatch
    }
}
