import Foundation
import HTTPTypes

extension Endpoint where Value: Decodable & SendableMetatype {
    /// An endpoint whose response body is JSON decoded as `Value`.
    ///
    /// An empty body fails with ``NetworkError/Kind/emptyBody``; JSON that does not match `Value` fails
    /// with ``NetworkError/Kind/decodingFailed(codingPath:)`` naming where it went wrong.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(
            method: method, path: path, query: query, headers: Self.headers(headers, defaultAccept: "application/json"), body: body,
            accepting: acceptableStatus, options: options
        ) { response in
            guard !response.data.isEmpty else {
                throw NetworkError(.emptyBody, message: "expected JSON for \(Value.self), but the body is empty.")
            }
            return try response.decoder.decode(Value.self, from: response.data)
        }
    }
}

extension Endpoint where Value == Data {
    /// An endpoint that returns the response body's bytes as they are.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(
            method: method, path: path, query: query, headers: headers, body: body,
            accepting: acceptableStatus, options: options
        ) { $0.data }
        readsDecoder = false
    }
}

extension Endpoint where Value == String {
    /// An endpoint that returns the response body as UTF-8 text.
    ///
    /// Bytes that are not UTF-8 fail with ``NetworkError/Kind/decodingFailed(codingPath:)``.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(
            method: method, path: path, query: query, headers: headers, body: body,
            accepting: acceptableStatus, options: options
        ) { response in
            guard let text = String(data: response.data, encoding: .utf8) else {
                throw NetworkError(.decodingFailed(codingPath: ""), message: "the body is not UTF-8 text.")
            }
            return text
        }
        readsDecoder = false
    }
}

extension Endpoint where Value == Void {
    /// An endpoint whose response body, if any, is ignored: only the status matters.
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions()
    ) {
        self.init(
            method: method, path: path, query: query, headers: headers, body: body,
            accepting: acceptableStatus, options: options
        ) { _ in () }
        readsDecoder = false
    }
}
