import Courier
import CourierTesting
import Foundation
import Logging

/// Prints log lines inside the demo's step boxes.
struct DemoLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let level = event.level.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
        for (index, line) in event.message.description.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            print("   │ \(index == 0 ? level : String(repeating: " ", count: 8))\(line)")
        }
    }
}

/// The demo's observability step: numbered requests, log lines, a cURL command and timings.
struct DemoObservability {
    let shared: Client
    let server: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("Logs, numbers, cURL and timings", "`.logging(to:)`, `.numbered()` and `.instrumented()`: secrets in headers and the query print as <redacted>.")
        let timings = DemoTimings()
        let client = shared
            .measured(as: "transport")
            .logging(to: Logger(label: "demo") { _ in DemoLogHandler() })
            .retrying(.immediate(maxAttempts: 3)).measured(as: "retry")
            .numbered()
            .instrumented { report in timings.append(report) }
            .targeting(server.server)

        var articles = Endpoint<[TestArticle]>(path: "/articles", query: [URLQueryItem(name: "api_key", value: "k-12345")])
        articles.headers["Authorization"] = "Bearer s3cr3t-t0ken"
        _ = try await client.send(articles)
        _ = try await client.send(Endpoint<TestServer.FlakyReply>(path: "/flaky/demo-observability", query: [URLQueryItem(name: "failures", value: "1")]))
        do {
            _ = try await client.send(Endpoint<TestArticle>.article(id: 42))
        } catch {
            // To the logging layer the 404 is a response (a warning line); the endpoint, outside it,
            // turns it into the error printed in the next step.
        }

        var post = try ClientRequest(.post, url: server.baseURL + "/echo?token=abc")
        try post.setHeader("Authorization", "Bearer s3cr3t-t0ken")
        try post.setHeader("Content-Type", "application/json")
        post.body = .text(#"{"title":"it's here"}"#)
        steps.say("request.cURLDescription():")
        steps.say(post.cURLDescription())
        if let report = timings.all.dropFirst().first {
            steps.say("response.instrumentation of #2 (a 503, then a retry):")
            steps.say(report.description)
        }
    }
}

/// The instrumentation reports of the demo's requests, in the order they finished.
///
/// `@unchecked Sendable`: `reports` is only read or written while holding `lock`. (`Mutex` would say
/// so to the compiler, but needs macOS 15 and the package supports macOS 14.)
final class DemoTimings: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [RequestInstrumentation] = []

    func append(_ report: RequestInstrumentation) {
        lock.withLock { reports.append(report) }
    }

    var all: [RequestInstrumentation] {
        lock.withLock { reports }
    }
}
