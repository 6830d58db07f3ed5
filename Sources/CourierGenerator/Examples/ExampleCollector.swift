import Foundation
import OpenAPIKit

/// Collects an operation's documented response examples, checked against the response's schema, for stubs (§5.6).
///
/// Per documented response (in document order), from its first JSON or text media type, the first example that
/// fits the schema: the media type's `example`, then its `examples` in document order, then the schema's own
/// `example`/`examples`. An example that does not fit is reported (`example-mismatch`) and skipped: a wrong
/// example must not become a stub whose generated test fails. `default` is stubbed as 200 only when no 2xx is
/// documented (then it is the success); `4XX` as 400, `2XX` as 200.
struct ExampleCollector {
    let document: OpenAPI.Document
    let diagnostics: DiagnosticCollector

    /// Examples for `operation`'s documented responses; `path` is the operation's dotted document path.
    func examples(for operation: OpenAPI.Operation, path: String) -> [ExampleDecl] {
        let hasSuccess = operation.responses.keys.contains { $0.isSuccess && $0.value != .default }
        var found: [ExampleDecl] = []
        for (code, entry) in operation.responses {
            guard let status = Self.stubStatus(code, hasSuccess: hasSuccess),
                let response = document.components[entry]
            else { continue }
            let place = "\(path).responses.\(code.rawValue)"
            for (mediaType, entry) in response.content {
                guard let content = document.components[entry] else { continue }
                // The response mapper's classification, so the stub's body is what the generated decoder reads.
                let kind = MediaKind(mediaType: mediaType.rawValue)
                if kind == .json {
                    if let body = jsonExample(content, at: "\(place).content.\(mediaType.rawValue)") {
                        found.append(ExampleDecl(status: status, contentType: mediaType.rawValue, body: body))
                    }
                    break
                }
                if kind == .text {
                    if let body = textExample(content) {
                        found.append(ExampleDecl(status: status, contentType: mediaType.rawValue, body: body))
                    }
                    break
                }
            }
        }
        return found
    }

    /// A parameter's example for generated test arguments: its `example`, its first `examples` entry, or its
    /// schema's `example`/`default`/first enum value.
    func parameterExample(_ parameter: OpenAPI.Parameter) -> ExampleValue? {
        guard let context = parameter.schemaOrContent.a else { return nil }
        if let example = context.example, let value = ExampleValue(example.value) { return value }
        if let first = context.examples?.first, let value = exampleValue(first.value) { return value }
        guard let schema = document.components[context.schema] else { return nil }
        let resolved = document.components[schema] ?? schema
        for candidate in resolved.examples + [resolved.defaultValue].compactMap({ $0 }) + (resolved.allowedValues ?? []) {
            if let value = ExampleValue(candidate.value), value != .null { return value }
        }
        return nil
    }

    // MARK: - Candidates

    private func jsonExample(_ content: OpenAPI.Content, at place: String) -> String? {
        var candidates: [(String, ExampleValue)] = []
        // OpenAPIKit fills `example` from the first of `examples` too: read it only when there is no map.
        if content.examples?.isEmpty ?? true, let example = content.example, let value = ExampleValue(example.value) {
            candidates.append(("example", value))
        }
        for (name, entry) in content.examples ?? [:] {
            if let value = exampleValue(entry) { candidates.append(("examples.\(name)", value)) }
        }
        let schema = content.schema
        if let schema, let resolved = document.components[schema] {
            for (index, example) in resolved.examples.enumerated() {
                if let value = ExampleValue(example.value) { candidates.append(("schema.examples[\(index)]", value)) }
            }
        }
        let validator = ExampleValidator(components: document.components)
        for (name, value) in candidates {
            guard let schema else { return value.canonicalJSON }
            if let problem = validator.problem(with: value, against: schema) {
                diagnostics.warning(
                    "example-mismatch", at: "\(place).\(name)",
                    "example does not fit the schema (\(problem)); no stub is generated from it")
                continue
            }
            return value.canonicalJSON
        }
        return nil
    }

    private func textExample(_ content: OpenAPI.Content) -> String? {
        if case .string(let text)? = content.example.flatMap({ ExampleValue($0.value) }) { return text }
        for (_, entry) in content.examples ?? [:] {
            guard let example = document.components[entry] else { continue }
            if let serialized = example.serializedValue { return serialized }
            if case .string(let text)? = example.dataOrLegacyValue.flatMap({ ExampleValue($0.value) }) { return text }
        }
        return nil
    }

    private func exampleValue(_ entry: Either<OpenAPI.Reference<OpenAPI.Example>, OpenAPI.Example>) -> ExampleValue? {
        guard let example = document.components[entry], let value = example.dataOrLegacyValue else { return nil }
        return ExampleValue(value.value)
    }

    // MARK: - Classification

    /// The status a stub answers with for a documented status code, `nil` for one that is not stubbed.
    static func stubStatus(_ code: OpenAPI.Response.StatusCode, hasSuccess: Bool) -> Int? {
        switch code.value {
        case .status(let status): status
        case .range(let range): (Int(range.rawValue.prefix(1)) ?? 0) * 100
        case .default: hasSuccess ? nil : 200
        }
    }
}
