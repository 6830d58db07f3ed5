import Courier
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Converts between swift-openapi-runtime's values (`HTTPRequest` with a base URL and an `HTTPBody`) and
/// Courier's (`ClientRequest`, `ClientResponse`), without copying bodies: they stay streams both ways.
enum OpenAPIConversion {
    /// A Courier request for an OpenAPI one: absolute (scheme and authority from `baseURL`, whose path
    /// prefixes the operation's), tagged with the operation ID so that conditions, stubs and logs see it.
    static func clientRequest(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) throws -> ClientRequest {
        guard let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
              let scheme = components.scheme, let host = components.percentEncodedHost, !host.isEmpty
        else {
            throw NetworkError(.invalidURL, message: "the server URL '\(baseURL.absoluteString)' has no scheme and host.")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        var head = request
        head.scheme = scheme
        head.authority = components.port.map { "\(host):\($0)" } ?? host
        head.path = basePath + (request.path ?? "/")
        var clientRequest = ClientRequest(head: head, body: requestBody(body))
        clientRequest.options.operationID = operationID
        return clientRequest
    }

    /// A replayable body stays replayable, so Courier's retry and redirects can send it again.
    static func requestBody(_ body: HTTPBody?) -> RequestBody {
        guard let body else { return .empty }
        let length: Int64? = if case .known(let count) = body.length { count } else { nil }
        switch body.iterationBehavior {
        case .multiple:
            return .stream(length: length) { chunks(of: body) }
        case .single:
            return .singlePass(length: length, chunks(of: body))
        }
    }

    /// The OpenAPI response for a Courier one; no body where HTTP allows none.
    static func openAPIResponse(_ response: ClientResponse) -> (HTTPResponse, HTTPBody?) {
        let status = response.status.code
        guard response.request.head.method != .head, status != 204, status != 304 else {
            return (response.head, nil)
        }
        let length: HTTPBody.Length = response.body.length.map { .known($0) } ?? .unknown
        return (response.head, HTTPBody(response.body, length: length, iterationBehavior: .single))
    }

    /// The OpenAPI request, body and base URL for a Courier request, for the rest of an OpenAPI chain.
    static func openAPIRequest(_ request: ClientRequest) throws -> (HTTPRequest, HTTPBody?, URL) {
        guard let scheme = request.head.scheme, let authority = request.head.authority,
              let baseURL = URL(string: "\(scheme)://\(authority)")
        else {
            throw NetworkError(.invalidURL, message: "the request has no scheme and host.", request: request)
        }
        var head = request.head
        head.scheme = nil
        head.authority = nil
        let body: HTTPBody?
        if request.body.isEmpty {
            body = nil
        } else if let data = request.body.bufferedData {
            body = HTTPBody(data)
        } else {
            let length: HTTPBody.Length = request.body.length.map { .known($0) } ?? .unknown
            let source = request.body
            // Each iteration reads the body afresh, so a replayable body stays replayable.
            let chunks = BodyChunks {
                var iterator: BodyChunks.AsyncIterator?
                return {
                    if iterator == nil { iterator = try source.chunks().makeAsyncIterator() }
                    return try await iterator?.next()
                }
            }
            body = HTTPBody(chunks, length: length, iterationBehavior: source.isReplayable ? .multiple : .single)
        }
        return (head, body, baseURL)
    }

    /// The Courier response for an OpenAPI one.
    static func clientResponse(_ response: HTTPResponse, body: HTTPBody?, request: ClientRequest) -> ClientResponse {
        guard let body else { return ClientResponse(head: response, request: request) }
        let length: Int64? = if case .known(let count) = body.length { count } else { nil }
        return ClientResponse(head: response, body: ResponseBody(length: length, chunks: chunks(of: body)), request: request)
    }

    private static func chunks(of body: HTTPBody) -> BodyChunks {
        BodyChunks {
            var iterator = body.makeAsyncIterator()
            return { try await iterator.next().map { Data($0) } }
        }
    }
}
