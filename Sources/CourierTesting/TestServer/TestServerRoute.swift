import Foundation
import HTTPTypes
import Hummingbird

extension TestServer {
    /// A route of your own on the test server, answered by a closure: for the endpoints of the API under
    /// test, or for a reply that misbehaves in one particular way (a status, a header, a slow answer).
    ///
    /// ```swift
    /// let users = TestServer.Route(.get, "/users/{id}") { request in
    ///     .json(#"{"id":\#(request.parameters["id"]!),"name":"Ada"}"#)
    /// }
    /// try await TestServer.withRunning(routes: [users]) { server in … }
    /// ```
    ///
    /// Paths use the router's syntax: `{name}` captures a segment, `*` matches one, a final `**` the rest.
    /// A path must not be one of the built-in routes.
    public struct Route: Sendable {
        let method: HTTPRequest.Method
        let path: String
        let respond: @Sendable (RouteRequest) async throws -> Reply

        /// A route for `method` and `path`, answered by `respond`.
        public init(_ method: HTTPRequest.Method, _ path: String, _ respond: @escaping @Sendable (RouteRequest) async throws -> Reply) {
            self.method = method
            self.path = path
            self.respond = respond
        }
    }

    /// A request as a ``Route`` sees it.
    public struct RouteRequest: Sendable {
        /// The method.
        public let method: HTTPRequest.Method
        /// The path, without the query.
        public let path: String
        /// The query items, decoded.
        public let query: [String: String]
        /// The header fields.
        public let headers: HTTPFields
        /// The body (up to 64 MiB).
        public let body: Data
        /// The values of the path's `{name}` segments.
        public let parameters: [String: String]
    }

    /// What a ``Route`` answers.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// A reply with the given status, headers and body.
        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// JSON text with `Content-Type: application/json`.
        public static func json(_ text: String, status: Int = 200) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }
}

extension TestServerRoutes {
    static func customRoutes(_ router: Router<Context>, routes: [TestServer.Route]) {
        for route in routes {
            router.on(RouterPath(route.path), method: route.method) { request, context in
                var parameters: [String: String] = [:]
                for (name, value) in context.parameters {
                    parameters[String(name)] = String(value)
                }
                var query: [String: String] = [:]
                for (name, value) in request.uri.queryParameters {
                    query[String(name)] = String(value)
                }
                let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
                let reply = try await route.respond(TestServer.RouteRequest(
                    method: request.method, path: request.uri.path, query: query, headers: request.headers,
                    body: Data(buffer: body), parameters: parameters
                ))
                var headers = HTTPFields()
                for (name, value) in reply.headers {
                    if let name = HTTPField.Name(name) { headers[name] = value }
                }
                return Response(status: HTTPResponse.Status(code: reply.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
            }
        }
    }
}
