import Foundation
import HTTPTypes
import Logging

extension EndpointResponse {
    /// Whether this response's status, which its operation does not document, is decoded as the operation's
    /// one success type: a `2xx` under ``DocumentDrift/tolerant(logger:)`` whose `Content-Type` is one of the
    /// success body's documented media types, when it has any. When it is, a warning naming the operation, its
    /// documented success statuses and this status goes to the policy's logger.
    ///
    /// Generated operations with exactly one success type ask it in the `switch` over the status, after the
    /// documented cases:
    ///
    /// ```swift
    /// case 200: return try response.json(Task.self)
    /// case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"]):
    ///     return try response.json(Task.self)
    /// ```
    ///
    /// A JSON body proves itself by decoding, but raw bytes decode as anything: a `202` ticket or an empty
    /// `204` would pass for the PDF. So an operation whose success body is not JSON passes its media types,
    /// and a `2xx` whose `Content-Type` is not one of them (or that has none) stays undocumented:
    ///
    /// ```swift
    /// case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"], contentTypes: ["application/pdf"]):
    ///     return response.data
    /// ```
    ///
    /// - Parameters:
    ///   - documented: the success statuses the operation documents (`"200"`, `"2XX"`), for the warning.
    ///   - contentTypes: the media types the success body documents (`type/subtype`, wildcards such as
    ///     `image/*` allowed); empty when the body decodes as JSON or there is none, and no type is required.
    public func toleratesUndocumentedSuccess(documented: [String], contentTypes: [String] = []) -> Bool {
        let policy = response.request.options.documentDrift
        guard policy.isTolerant, (200..<300).contains(status) else { return false }
        // NOTE: only the status is forgiven; bytes of another media type are not the documented body.
        guard contentTypes.isEmpty || Self.mediaType(response.head.headerFields[.contentType], isOneOf: contentTypes)
        else { return false }
        let operation = response.request.options.operationID ?? "\(response.request.method.rawValue) \(response.request.head.path ?? "")"
        let listed = documented.joined(separator: ", ")
        policy.logger.warning(
            "\(operation) answered \(status), which its document does not list (it documents \(listed)): decoded as its success type; the server has drifted from its document.",
            metadata: [
                "operation": "\(operation)",
                "status": "\(status)",
                "documented": "\(listed)",
            ])
        return true
    }

    /// Whether the `Content-Type` `field` (parameters ignored) is one of `mediaTypes`, each `type/subtype`,
    /// `type/*` or `*/*`; a missing field matches nothing.
    static func mediaType(_ field: String?, isOneOf mediaTypes: [String]) -> Bool {
        guard let field else { return false }
        let received = bare(field)
        let parts = received.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return false }
        return mediaTypes.contains { documented in
            let expected = bare(documented)
            if expected == "*/*" || expected == received { return true }
            return expected.hasSuffix("/*") && expected.dropLast(2) == parts[0]
        }
    }

    private static func bare(_ mediaType: String) -> String {
        let type = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The error for a documented body that does not match its schema: for an error status under
    /// ``DocumentDrift/tolerant(logger:)`` of kind ``NetworkError/Kind/unacceptableStatus(_:)`` (the status
    /// stays what callers handle), else of kind ``NetworkError/Kind/decodingFailed(codingPath:)``; the
    /// ``SchemaMismatch`` is its underlying error either way, and the hint points to
    /// ``NetworkError/schemaMismatch``.
    func mismatch(_ mismatch: SchemaMismatch, codingPath: String) -> NetworkError {
        let kind: NetworkError.Kind =
            response.request.options.documentDrift.isTolerant && !(200..<300).contains(status)
            ? .unacceptableStatus(status) : .decodingFailed(codingPath: codingPath)
        var error = NetworkError(kind, message: mismatch.message, response: response, underlying: mismatch)
        error.operationStatus = .schemaMismatch
        return error
    }
}
