import Foundation
import OpenAPIKit

extension APIContract {
    /// Everything in `request` that the document does not allow for `operation`: path, query, header and cookie
    /// parameters (required ones present, values of their schema's type, enum and format), the body's content type
    /// against the documented ones, and a JSON or form body against its schema. Empty when the request fits.
    public func problems(with request: ContractRequest, for operation: ContractOperation) -> [ContractProblem] {
        var found: [ContractProblem] = []
        for parameter in parameters(of: operation) {
            found += parameterProblems(parameter, in: request, operation: operation)
        }
        found += bodyProblems(in: request, for: operation)
        return found
    }

    /// The operation's parameters and its path item's, the operation's winning where both name one.
    func parameters(of operation: ContractOperation) -> [OpenAPI.Parameter] {
        let own = operation.operation.parameters.compactMap { document.components[$0] }
        let shared = operation.pathItemParameters.compactMap { document.components[$0] }.filter { parameter in
            !own.contains { $0.name == parameter.name && $0.location == parameter.location }
        }
        return shared + own
    }

    private func parameterProblems(
        _ parameter: OpenAPI.Parameter, in request: ContractRequest, operation: ContractOperation
    ) -> [ContractProblem] {
        let values: [String]
        let pointer: String
        switch parameter.location {
        case .path:
            pointer = ContractProblem.pointer("/path", parameter.name)
            values = operation.pathValues[parameter.name].map { [$0] } ?? []
        case .query:
            pointer = ContractProblem.pointer("/query", parameter.name)
            values = request.queryItems.filter { $0.name == parameter.name }.map(\.value)
        case .header:
            // OpenAPI: a header parameter named Accept, Content-Type or Authorization is ignored.
            guard !["accept", "content-type", "authorization"].contains(parameter.name.lowercased()) else { return [] }
            pointer = ContractProblem.pointer("/header", parameter.name.lowercased())
            values = request.values(of: parameter.name)
        case .cookie:
            pointer = ContractProblem.pointer("/cookie", parameter.name)
            values = request.values(of: "Cookie").flatMap { Self.cookies($0) }.filter { $0.name == parameter.name }.map(\.value)
        case .querystring:
            return []
        }
        if values.isEmpty {
            guard parameter.required else { return [] }
            return [ContractProblem(at: pointer, problem: "required \(Self.place(parameter.location)) parameter is missing")]
        }
        switch parameter.schemaOrContent {
        case .a(let context):
            guard let schema = document.components[context.schema] else { return [] }
            let value = ParameterValue(validator: validator).value(
                of: values, schema: schema, style: context.style, explode: context.explode)
            return validator.problems(with: value, against: schema, at: pointer)
        case .b(let content):
            // A parameter with `content` carries a serialized value; only JSON is checked.
            guard let first = content.first, MediaKind(mediaType: first.key.rawValue) == .json,
                let schema = document.components[first.value]?.schema
            else { return [] }
            guard let value = try? ExampleValue(json: Data(values[0].utf8)) else {
                return [ContractProblem(at: pointer, problem: "is not JSON")]
            }
            return validator.problems(with: value, against: schema, at: pointer)
        }
    }

    private func bodyProblems(in request: ContractRequest, for operation: ContractOperation) -> [ContractProblem] {
        guard let entry = operation.operation.requestBody, let requestBody = document.components[entry] else {
            if request.body.isEmpty { return [] }
            return [ContractProblem(at: "/body", problem: "the operation documents no request body, got \(request.body.count) bytes")]
        }
        let listed = ContractMediaTypes.listed(requestBody.content)
        if request.body.isEmpty {
            return requestBody.required ? [ContractProblem(at: "/body", problem: "a request body is required (\(listed))")] : []
        }
        guard let contentType = request.values(of: "Content-Type").first else {
            return [ContractProblem(at: "/header/content-type", problem: "missing; the documented content types are \(listed)")]
        }
        guard let documented = ContractMediaTypes.documented(contentType, in: requestBody.content) else {
            return [ContractProblem(
                at: "/header/content-type",
                problem: "\(MediaKind.bare(contentType)) is not a documented content type (\(listed))")]
        }
        guard let entry = requestBody.content[documented], let schema = document.components[entry]?.schema else { return [] }
        switch MediaKind(mediaType: contentType) {
        case .json:
            guard let value = try? ExampleValue(json: request.body) else {
                return [ContractProblem(at: "/body", problem: "is not valid JSON")]
            }
            return validator.problems(with: value, against: schema, at: "/body")
        case .form:
            let items = ContractRequest.formItems(String(decoding: request.body, as: UTF8.self))
            let value = ParameterValue(validator: validator).formObject(items, schema: schema)
            return validator.problems(with: value, against: schema, at: "/body")
        default:
            // Multipart, text and binary bodies: the content type is what is checked.
            return []
        }
    }

    private static func place(_ location: OpenAPI.Parameter.Context.Location) -> String {
        switch location {
        case .path: "path"
        case .query, .querystring: "query"
        case .header: "header"
        case .cookie: "cookie"
        }
    }

    /// `a=1; b=2` as pairs.
    private static func cookies(_ field: String) -> [(name: String, value: String)] {
        field.split(separator: ";").compactMap { pair -> (name: String, value: String)? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
        }
    }
}
