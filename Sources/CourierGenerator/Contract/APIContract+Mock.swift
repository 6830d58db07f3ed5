import Foundation
import OpenAPIKit

extension APIContract {
    /// What `courier mock` answers to `request`, from the document alone.
    ///
    /// An unknown path is 404 and a wrong method 405 (with `Allow`); a request the document does not allow is 400
    /// with every problem at its JSON pointer (`{"error":"request does not match the document","problems":[…]}`).
    /// Otherwise the documented success (the lowest 2xx) with its example: the media type's `example`, its first
    /// `examples` entry, the schema's `example`, or one made from the schema. `Prefer: code=404` and
    /// `Prefer: example=name` choose another documented response and a named example, as Prism does (a code from
    /// 200 to 599; another is a 400); an `Accept` that names a documented media type chooses it, and one that
    /// allows none of them (and not `*/*`) is answered `406` with the types documented. A 204, a 304 and a
    /// response to `HEAD` have no body.
    public func mockReply(to request: ContractRequest) -> MockReply {
        let operation: ContractOperation
        switch match(method: request.method, path: request.path) {
        case .noPath:
            return .error(404, "no path of the document matches \(request.path)")
        case .methodNotAllowed(let allowed):
            return .error(
                405, "\(request.method.uppercased()) is not documented for \(request.path) (documented: \(allowed.joined(separator: ", ")))",
                extra: [("Allow", allowed.joined(separator: ", "))])
        case .operation(let found):
            operation = found
        }
        let problems = problems(with: request, for: operation)
        guard problems.isEmpty else {
            return .error(400, "request does not match the document", problems: problems)
        }
        let preference = MockPreference(header: request.values(of: "Prefer"))
        switch example(for: operation, preference: preference, accept: request.values(of: "Accept")) {
        case .reply(var reply):
            // The head a GET would have, without the body (RFC 9110 §9.3.2).
            if operation.requestMethod == "HEAD" { reply.body = Data() }
            return reply
        case .refused(let problem): return .error(400, "the Prefer header asks for what the document does not have", problems: [problem])
        case .notAcceptable(let documented):
            // RFC 9110 §15.5.7: the types it can serve, rather than a body labelled with a type it is not.
            return .error(406, "none of the media types Accept names is documented for this response (documented: \(documented.joined(separator: ", ")))")
        }
    }

    private func example(
        for operation: ContractOperation, preference: MockPreference, accept: [String]
    ) -> ExampleChoice {
        let responses = operation.operation.responses
        let codes = responses.keys.map(\.rawValue).joined(separator: ", ")
        if let bad = preference.badCode {
            return .refused(ContractProblem(at: "/header/prefer", problem: "code=\(bad) is not a status code from 200 to 599"))
        }
        let status: Int
        if let code = preference.code {
            // A documented range (`4XX`) or `default` covers the code asked for.
            guard response(status: code, for: operation) != nil else {
                return .refused(ContractProblem(at: "/header/prefer", problem: "code=\(code) is not documented for \(operation.name) (documented: \(codes))"))
            }
            status = code
        } else {
            status = Self.successStatus(responses)
        }
        // NOTE: a 204 and a 304 must not carry a body (RFC 9110 §15.3.5, §15.4.5), whatever the document describes.
        if status == 204 || status == 304 { return .reply(MockReply(status: status)) }
        guard let documented = response(status: status, for: operation) else {
            return .reply(MockReply(status: status))
        }
        if let documentedTypes = Self.unacceptable(documented.content, accept: accept) {
            return .notAcceptable(documentedTypes)
        }
        guard let chosen = Self.mediaType(documented.content, accept: accept, components: document.components) else {
            return .reply(MockReply(status: status))
        }
        let (mediaType, content) = chosen
        let kind = MediaKind(mediaType: mediaType.rawValue)
        let headers: [(name: String, value: String)] = [("Content-Type", MediaKind.concrete(mediaType.rawValue))]
        let value: ExampleValue?
        if let name = preference.example {
            guard let entry = content.examples?[name], let example = document.components[entry] else {
                let names = (content.examples?.keys).map { $0.joined(separator: ", ") } ?? "none"
                return .refused(ContractProblem(
                    at: "/header/prefer", problem: "example=\(name) is not an example of \(operation.name) \(status) \(mediaType.rawValue) (documented: \(names))"))
            }
            value = example.dataOrLegacyValue.flatMap { ExampleValue($0.value) }
        } else {
            value = documentedExample(content) ?? content.schema.map {
                ExampleSynthesizer(validator: validator).value(for: $0)
            }
        }
        let body: Data
        switch (kind, value) {
        case (.json, let value?): body = Data(value.canonicalJSON.utf8)
        case (_, .string(let text)?): body = Data(text.utf8)
        case (_, let value?): body = Data(value.canonicalJSON.utf8)
        case (_, nil): body = Data()
        }
        return .reply(MockReply(status: status, headerFields: headers, body: body))
    }

    /// The media type's own example: `example`, else the first of `examples`, else the schema's `example`.
    private func documentedExample(_ content: OpenAPI.Content) -> ExampleValue? {
        // OpenAPIKit fills `example` from the first of `examples` too; both read the same.
        if let example = content.example, let value = ExampleValue(example.value) { return value }
        for (_, entry) in content.examples ?? [:] {
            if let example = document.components[entry], let data = example.dataOrLegacyValue, let value = ExampleValue(data.value) {
                return value
            }
        }
        guard let schema = content.schema,
            let resolved = validator.resolved(schema)
        else { return nil }
        return resolved.examples.first.flatMap { ExampleValue($0.value) }
    }

    /// The lowest documented 2xx; else 200 for a `2XX` or `default`; else the lowest documented code from 300 to 599
    /// (never a 1xx, which is not a final answer); else 200.
    static func successStatus(_ responses: OpenAPI.Response.Map) -> Int {
        let exact = responses.keys.compactMap { key -> Int? in
            if case .status(let code) = key.value { return code }
            return nil
        }
        if let success = exact.filter({ (200...299).contains($0) }).min() { return success }
        if responses.keys.contains(where: { $0.rawValue.uppercased() == "2XX" || $0.value == .default }) { return 200 }
        return exact.filter { (200...599).contains($0) }.min() ?? 200
    }

    /// The media type to answer with: the first documented one `Accept` names, else the first JSON one, else the first.
    static func mediaType(
        _ content: OpenAPI.Content.Map, accept: [String], components: OpenAPI.Components
    ) -> (OpenAPI.ContentType, OpenAPI.Content)? {
        let resolved = content.compactMap { key, entry in components[entry].map { (key, $0) } }
        let accepted = accept.flatMap { $0.split(separator: ",") }.map { MediaKind.bare(String($0)) }
            .filter { $0 != "*/*" && !$0.isEmpty }
        for range in accepted {
            if let found = resolved.first(where: { Self.accepts(range, MediaKind.bare($0.0.rawValue)) }) { return found }
        }
        return resolved.first { MediaKind(mediaType: $0.0.rawValue) == .json } ?? resolved.first
    }

    /// The documented media types, when the request's `Accept` names ranges and none of them (nor `*/*`)
    /// covers one of them; `nil` when there is something to answer with (or nothing documented to refuse).
    static func unacceptable(_ content: OpenAPI.Content.Map, accept: [String]) -> [String]? {
        let documented = content.keys.map(\.rawValue)
        let ranges = accept.flatMap { $0.split(separator: ",") }.map { MediaKind.bare(String($0)) }.filter { !$0.isEmpty }
        guard !documented.isEmpty, !ranges.isEmpty, !ranges.contains("*/*") else { return nil }
        let served = documented.contains { type in ranges.contains { accepts($0, MediaKind.bare(type)) } }
        return served ? nil : documented
    }

    private static func accepts(_ range: String, _ type: String) -> Bool {
        range == type || (range.hasSuffix("/*") && type.hasPrefix(range.dropLast()))
    }
}

/// The reply an operation's example makes, or why the `Prefer` header cannot be met.
private enum ExampleChoice {
    case reply(MockReply)
    case refused(ContractProblem)
    /// No documented media type is one `Accept` allows: these are the ones it could serve.
    case notAcceptable([String])
}
