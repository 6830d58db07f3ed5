import BlogAPI
import Courier
import CourierTesting
import Foundation

/// Runs `body` with the blog's client: stubbed by default, against a live server (the test server on
/// 127.0.0.1) when `BLOG_API_LIVE=1`. The tests are the same either way; only this switch differs.
///
///     swift test --filter BlogAPITests                    # stubbed, offline
///     BLOG_API_LIVE=1 swift test --filter BlogAPITests    # live
func withBlogClient(_ body: (Client) async throws -> Void) async throws {
    if ProcessInfo.processInfo.environment["BLOG_API_LIVE"] == "1" {
        try await TestServer.withRunning { server in
            try await body(Client.blog(.custom(server.server)))
        }
    } else {
        try await body(Client.blog(.production, transport: try BlogStubs.transport()))
    }
}

/// Whether this run talks to a live server.
var isLive: Bool { ProcessInfo.processInfo.environment["BLOG_API_LIVE"] == "1" }
