import Courier
import Foundation

/// Where the blog runs: the endpoints do not change between environments, only the server does.
public enum BlogEnvironment: Sendable {
    case production
    case staging
    /// Any other server: a local one, or the test server.
    case custom(Server)

    /// The server of this environment.
    public var server: Server {
        switch self {
        case .production: Server(host: "api.blog.example.com", basePath: "/v1")
        case .staging: Server(host: "staging.blog.example.com", basePath: "/v1")
        case .custom(let server): server
        }
    }
}

extension Client {
    /// The blog's client for `environment`: the app's one place that chooses the stack, so the app and
    /// its tests build clients the same way and tests only swap the transport.
    ///
    /// ```swift
    /// let client = Client.blog(.production)
    /// let swift = try await client.send(.articles(tag: "swift"))
    /// ```
    public static func blog(_ environment: BlogEnvironment, transport: some Transport = URLSessionTransport()) -> Client {
        Client(transport: transport)
            .retrying(.exponential(base: .milliseconds(200), maxAttempts: 3))
            .targeting(environment.server)
    }
}
