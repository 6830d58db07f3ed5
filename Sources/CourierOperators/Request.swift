import Courier
import Foundation
import HTTPTypes

/// A function that turns a URL into a `ClientRequest` with `method` and, when given, a `timeout`
/// (`RequestOptions.timeout`): the first step after `URL.init(string:)` in a pipeline, as
/// FunNetworking's `urlRequestWithTimeout(30)`.
///
/// ```swift
/// let makeRequest = URL.init(string:) >=> request(timeout: .seconds(30))   // (String) -> ClientRequest?
/// ```
///
/// The function returns `nil` for a URL that Courier cannot send: a scheme other than `http` or
/// `https`, no host, userinfo (`user:pass@`). `Client.requestCall(_:)` then fails with
/// `NetworkError.Kind.invalidURL`.
///
/// Inside a type that has a member named `request`, that member hides this function: write
/// `CourierOperators.request(timeout:)` there.
public func request(
    _ method: HTTPRequest.Method = .get,
    timeout: Duration? = nil
) -> @Sendable (URL) -> ClientRequest? {
    { url in
        guard var request = try? ClientRequest(method, url: url.absoluteString) else { return nil }
        request.options.timeout = timeout
        return request
    }
}
