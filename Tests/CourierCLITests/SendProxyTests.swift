import CourierTesting
import Foundation
import Testing

/// `courier send` through tinyproxy (`scripts/proxy-e2e.sh`, sourced by `scripts/test.sh`): the environment read
/// as curl reads it, `--proxy` and `--noproxy`.
@Suite(
    "courier send through a proxy",
    .serialized,
    .timeLimit(.minutes(2)),
    .enabled(
        if: ProcessInfo.processInfo.environment["PROXY_OPEN_URL"] != nil
            || ProcessInfo.processInfo.environment["COURIER_REQUIRE_E2E"] != nil || ProcessInfo.processInfo.environment["CI"] != nil,
        "PROXY_OPEN_URL is not set: source scripts/proxy-e2e.sh"
    )
)
struct SendProxyTests {
    private func proxyLogNames(_ port: Int) throws -> Bool {
        let path = try #require(ProcessInfo.processInfo.environment["PROXY_OPEN_LOG"], "PROXY_OPEN_LOG is not set")
        return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains("127.0.0.1:\(port)")
    }

    private var proxyURL: String {
        get throws { try #require(ProcessInfo.processInfo.environment["PROXY_OPEN_URL"], "PROXY_OPEN_URL is not set") }
    }

    @Test("http_proxy in the environment carries the request, as with curl")
    func environment() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await CourierProcess.run(["send", server.baseURL + "/echo"], environment: ["http_proxy": try proxyURL, "no_proxy": ""])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(await server.hits("/echo") == 1)
            #expect(try proxyLogNames(server.port))
        }
    }

    @Test("--proxy carries it without the environment; --noproxy '*' sends direct although http_proxy is set")
    func flags() async throws {
        try await TestServer.withRunning { server in
            let through = try await CourierProcess.run(["send", "--proxy", try proxyURL, server.baseURL + "/echo"], environment: ["no_proxy": ""])
            #expect(through.status == 0, "\(through.standardError)")
            #expect(try proxyLogNames(server.port))
        }
        try await TestServer.withRunning { server in
            let direct = try await CourierProcess.run(["send", "--noproxy", "*", server.baseURL + "/echo"], environment: ["http_proxy": try proxyURL])
            #expect(direct.status == 0, "\(direct.standardError)")
            #expect(await server.hits("/echo") == 1)
            #expect(try !proxyLogNames(server.port))
        }
    }

    @Test("a proxy that is not one is a usage error (64) naming the flag or the variable")
    func badProxy() async throws {
        let flag = try await CourierProcess.run(["send", "--proxy", "ftp://proxy:21", "http://127.0.0.1:9/"])
        #expect(flag.status == 64)
        #expect(flag.standardError.contains("--proxy"))
        let variable = try await CourierProcess.run(["send", "http://127.0.0.1:9/"], environment: ["http_proxy": "gopher://proxy"])
        #expect(variable.status == 64)
        #expect(variable.standardError.contains("http_proxy"))
    }
}
