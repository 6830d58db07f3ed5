import OpenAPIKit

/// The `Accept` value a generated operation sends by default, from the media types its responses document.
///
/// The rule (also in the generator's DocC article):
/// 1. The media types of the success responses (2xx, or `default` when there is none) and of the documented
///    error responses are collected in document order, lower-cased, without parameters (`; charset=…`), each once.
/// 2. When a success response lists JSON (`application/json`, `…+json`), the candidates are every success and
///    error type; when no success response has a body, the error types are. The preferred types are the JSON
///    candidates, or, when there are none, the first candidate the document lists. They are sent first at q=1
///    (written without a `q`); every other candidate follows at `q=0.5`.
/// 3. When the success bodies are only non-JSON (PDF, CSV, images, octet-stream, text, streams), the success types
///    come first — the first the document lists at q=1, the other success types at `q=0.5` — and the documented
///    error types that are not success types follow at `q=0.1`: a server that chooses by `Accept` alone (Xero)
///    still sends the PDF, and one that would otherwise refuse its JSON error with an empty `406` can send the
///    documented error (a `404` Problem), which the client decodes.
/// 4. A document that lists no media type at all for the operation gets `*/*`: that is the only time a
///    wildcard is sent that the document did not write. A wildcard the document writes (`image/*`) is kept.
///
/// The generated function sends the value only when the caller sets no `Accept` of its own: a spec-declared
/// `Accept` header parameter is a parameter of the function and wins when given.
enum AcceptValue {
    /// The weight of a candidate that is not preferred.
    static let secondaryWeight = "0.5"
    /// The weight of a documented error type when the success bodies are not JSON (rule 3).
    static let errorWeight = "0.1"

    /// The media types `responses` document (rule 1), whose references are resolved in `document`: the success
    /// responses' and the error responses', each bare, lower-cased and once. Media types that are not well-formed
    /// are left out with a warning.
    static func mediaTypes(
        _ responses: OpenAPI.Response.Map, in document: OpenAPI.Document, diagnostics: DiagnosticCollector,
        at jsonPath: String
    ) -> (success: [String], errors: [String]) {
        let hasSuccess = responses.contains { $0.key.isSuccess }
        var success: [String] = []
        var errors: [String] = []
        for (code, either) in responses {
            guard let response = either.b ?? (try? document.components.lookup(either)) else { continue }
            let isDefault = if case .default = code.value { true } else { false }
            let isSuccess = code.isSuccess || (!hasSuccess && isDefault)
            for key in response.content.keys {
                guard isWellFormed(key.rawValue) else {
                    diagnostics.warning(
                        "accept-media-type", at: "\(jsonPath).responses.\(code.rawValue).content.\(key.rawValue)",
                        "`\(key.rawValue)` is not a well-formed media type; not sent in Accept")
                    continue
                }
                if isSuccess { success.append(key.rawValue) } else { errors.append(key.rawValue) }
            }
        }
        return (unique(success), unique(errors))
    }

    /// The value for these documented media types (rules 1–4 of the type's discussion).
    static func compose(success: [String], errors: [String]) -> String {
        let success = unique(success)
        let errors = unique(errors)
        if let first = success.first, !success.contains(where: isJSON) {
            // Rule 3: the success types first and highest; the errors' only so that they can still be sent.
            let lower = success.dropFirst().map { "\($0);q=\(secondaryWeight)" }
            let fallback = errors.filter { !success.contains($0) }.map { "\($0);q=\(errorWeight)" }
            return ([first] + lower + fallback).joined(separator: ", ")
        }
        let candidates = success.isEmpty ? errors : unique(success + errors)
        guard let first = candidates.first else { return "*/*" }
        let json = candidates.filter(isJSON)
        let preferred = json.isEmpty ? [first] : json
        let others = candidates.filter { !preferred.contains($0) }
        return (preferred + others.map { "\($0);q=\(secondaryWeight)" }).joined(separator: ", ")
    }

    /// Bare, lower-cased media types in first-seen order, each once.
    private static func unique(_ mediaTypes: [String]) -> [String] {
        var seen: Set<String> = []
        return mediaTypes.map(MediaKind.bare).filter { seen.insert($0).inserted }
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        MediaKind(mediaType: mediaType) == .json
    }

    /// `type/subtype` of RFC 9110 tokens (parameters after `;` are not sent, so not checked).
    static func isWellFormed(_ mediaType: String) -> Bool {
        let parts = MediaKind.bare(mediaType).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz")
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(token.contains) }
            && !(parts[0] == "*" && parts[1] != "*")
    }
}
