import Courier
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A Courier `Middleware` as a swift-openapi-runtime `ClientMiddleware`, for a generated
/// client that keeps another transport.
///
/// ```swift
/// let api = GeneratedClient(serverURL: url, transport: AsyncHTTPClientTransport(),
///                           middlewares: [CourierClientMiddleware(MyHeaderStamp())])
/// ```
///
/// Prefer ``CourierClientTransport`` when you can: it runs the whole Courier stack, composed once, while
/// the runtime rebuilds its middleware chain on every request and converts at every hop.
public struct CourierClientMiddleware: ClientMiddleware {
    private let middleware: any Courier.Middleware

    /// Wraps `middleware`.
    public init(_ middleware: some Courier.Middleware) {
        self.middleware = middleware
    }

    /// Runs the Courier middleware with the rest of the runtime's chain as its `next`.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let clientRequest = try OpenAPIConversion.clientRequest(request, body: body, baseURL: baseURL, operationID: operationID)
        // NOTE: `next` escapes only into the `Next` handed to the middleware, which calls it before
        // `send` returns; a middleware that kept `next` for later would break the runtime's contract too.
        let response = try await withoutActuallyEscaping(next) { next in
            try await middleware.send(clientRequest, next: Next { request in
                let (head, body, url) = try OpenAPIConversion.openAPIRequest(request)
                let (response, responseBody) = try await next(head, body, url)
                return OpenAPIConversion.clientResponse(response, body: responseBody, request: request)
            })
        }
        return OpenAPIConversion.openAPIResponse(response)
    }
}
