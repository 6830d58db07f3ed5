import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Logging
#if canImport(Observation)
import CourierUI
import Observation
#endif
import Testing

@Suite("Presenting errors: debug shows the diagnosis, release a message for people")
struct ErrorPresentingTests {
    static let secrets = ["tok-123-secret", "qs-789-secret"]

    /// A 404 for a request that carries a bearer token and a token in its query.
    func notFound() throws -> NetworkError {
        var request = try ClientRequest(.get, url: "https://api.example.com/articles/42?token=\(Self.secrets[1])")
        try request.setHeader("Authorization", "Bearer \(Self.secrets[0])")
        let response = ClientResponse(head: HTTPResponse(status: .notFound), body: .empty, request: request)
        return NetworkError(.unacceptableStatus(404), response: response)
    }

    @Test("a debug build shows the full diagnosis: the kind line and the request, with credentials redacted")
    func debugShowsTheDiagnosis() async throws {
        let error = try notFound()
        let recorder = RecordingErrorPresenter()
        let handlers = ErrorHandlers(debug: recorder, release: RecordingErrorPresenter(), configuration: .debug)
        let handled = await handlers.handle(error)
        let shown = try #require(recorder.presentations.first)
        #expect(recorder.presentations.count == 1)
        #expect(handled == shown)
        #expect(shown.title == "unacceptableStatus(404)")
        #expect(shown.message == error.description)
        #expect(shown.message.hasPrefix("the server answered 404 Not Found.\n"))
        #expect(shown.message.contains("\n  kind:     unacceptableStatus(404)\n"))
        #expect(shown.message.contains("\n  request:  GET https://api.example.com/articles/42?token=<redacted>\n"))
        #expect(shown.message.contains("Authorization: <redacted>"))
        #expect(shown.diagnosis == shown.message)
        #expect(shown.kind == .unacceptableStatus(404))
        for secret in Self.secrets {
            #expect(!shown.message.contains(secret))
        }
    }

    @Test("a release build shows the user-facing message, never the URL or a credential; the diagnosis stays for logs")
    func releaseShowsTheMessage() async throws {
        let error = try notFound()
        let recorder = RecordingErrorPresenter()
        let handlers = ErrorHandlers(debug: RecordingErrorPresenter(), release: recorder, configuration: .release)
        await handlers.handle(error)
        let shown = try #require(recorder.presentations.first)
        #expect(recorder.presentations.count == 1)
        #expect(shown.title == "Something went wrong")
        #expect(shown.message == "That could not be found.")
        for text in [shown.title, shown.message] {
            #expect(!text.contains("api.example.com"))
            #expect(!text.contains("/articles/42"))
            #expect(!text.contains("token"))
            #expect(!text.contains("Authorization"))
        }
        #expect(shown.diagnosis == error.description)
        for secret in Self.secrets {
            #expect(!shown.diagnosis.contains(secret))
        }
    }

    @Test("a release message comes from the handlers' UserFacingMessages, overrides included")
    func releaseUsesTheOverrides() async throws {
        var messages = UserFacingMessages.default
        messages.override { $0.kind == .unacceptableStatus(404) ? "That article was deleted." : nil }
        let recorder = RecordingErrorPresenter()
        let handlers = ErrorHandlers(debug: recorder, release: recorder, configuration: .release, messages: messages)
        let error = try notFound()
        await handlers.handle(error)
        await handlers.handle(NetworkError(.notConnected))
        #expect(recorder.presentations.map(\.message) == [
            "That article was deleted.",
            "You appear to be offline. Check your connection and try again.",
        ])
    }

    @Test("each handled error reaches the configured half exactly once, and the other half gets nothing")
    func oncePerError() async throws {
        let debug = RecordingErrorPresenter()
        let release = RecordingErrorPresenter()
        var handlers = ErrorHandlers(debug: debug, release: release, configuration: .debug)
        await handlers.handle(NetworkError(.timedOut))
        await handlers.handle(NetworkError(.notConnected))
        #expect(debug.presentations.compactMap(\.kind) == [NetworkError.Kind.timedOut, .notConnected])
        #expect(release.presentations.isEmpty)
        handlers.configuration = .release
        await handlers.handle(NetworkError(.tlsFailure))
        #expect(debug.presentations.count == 2)
        #expect(release.presentations.compactMap(\.kind) == [NetworkError.Kind.tlsFailure])
    }

    @Test("the caller's own cancellation is not presented, in either configuration")
    func cancellationIsNotPresented() async throws {
        let recorder = RecordingErrorPresenter()
        for configuration in [BuildConfiguration.debug, .release] {
            let handlers = ErrorHandlers(debug: recorder, release: recorder, configuration: configuration)
            #expect(await handlers.handle(CancellationError()) == nil)
            #expect(await handlers.handle(NetworkError(.cancelled)) == nil)
            #expect(await handlers.handle(NetworkError.wrapping(CancellationError(), request: nil)) == nil)
        }
        #expect(recorder.presentations.isEmpty)
    }

    @Test("an error of the app's own: debug names its type and redacts its text, release says the generic message")
    func otherErrors() {
        struct LoadFailed: Error, CustomStringConvertible {
            var description: String { "could not load https://x.example/a?token=app-secret" }
        }
        let debug = ErrorPresentation(LoadFailed(), for: .debug)
        #expect(debug.title == "LoadFailed")
        #expect(debug.message == "LoadFailed: could not load https://x.example/a?token=<redacted>")
        #expect(debug.kind == nil)
        let release = ErrorPresentation(LoadFailed(), for: .release)
        #expect(release.message == "Something went wrong. Please try again.")
        #expect(release.diagnosis == debug.diagnosis)
    }

    @Test("a timeout, no connection and a 503 may succeed on another try; a 404 and a decoding failure will not")
    func retryable() {
        func isRetryable(_ kind: NetworkError.Kind) -> Bool {
            ErrorPresentation(NetworkError(kind), for: .release).isRetryable
        }
        #expect(isRetryable(.timedOut))
        #expect(isRetryable(.notConnected))
        #expect(isRetryable(.unacceptableStatus(503)))
        #expect(!isRetryable(.unacceptableStatus(404)))
        #expect(!isRetryable(.decodingFailed(codingPath: "id")))
    }

    @Test("a logging presenter writes the redacted diagnosis and the kind, never the screen's message")
    func loggingPresenter() async throws {
        let error = try notFound()
        let (logger, lines) = CapturingLogHandler.logger()
        let handlers = ErrorHandlers(
            debug: RecordingErrorPresenter(),
            release: LoggingErrorPresenter(logger: logger, level: .warning),
            configuration: .release
        )
        await handlers.handle(error)
        let line = try #require(lines.all.first)
        #expect(lines.all.count == 1)
        #expect(line.level == .warning)
        #expect(line.message == error.description)
        #expect(line.metadata["error.kind"] == "unacceptableStatus")
        for secret in Self.secrets {
            #expect(!line.fullText.contains(secret))
        }
    }

    @Test("logging(to:) logs the diagnosis, then hands the presentation to the presenter it was called on")
    func loggingThenPresenting() async throws {
        let (logger, lines) = CapturingLogHandler.logger()
        let recorder = RecordingErrorPresenter()
        let handlers = ErrorHandlers(debug: recorder, release: recorder.logging(to: logger), configuration: .release)
        await handlers.handle(NetworkError(.timedOut))
        #expect(recorder.presentations.map(\.message) == ["The server took too long to answer. Please try again."])
        #expect(lines.all.map(\.level) == [Logger.Level.error])
        #expect(lines.all.first?.message.hasPrefix("the request timed out.") == true)
    }

    @Test("the standard pair follows the build configuration: debug in a DEBUG build, release otherwise")
    func standardFollowsTheBuild() async throws {
        #if DEBUG
        #expect(BuildConfiguration.current == .debug)
        #else
        #expect(BuildConfiguration.current == .release)
        #endif
        let error = try notFound()
        let (logger, lines) = CapturingLogHandler.logger()
        let recorder = RecordingErrorPresenter()
        let handlers = ErrorHandlers.standard(showing: recorder, logger: logger)
        #expect(handlers.configuration == BuildConfiguration.current)
        await handlers.handle(error)
        #if DEBUG
        #expect(recorder.presentations.map(\.message) == [error.description])
        #else
        #expect(recorder.presentations.map(\.message) == ["That could not be found."])
        #endif
        #expect(lines.all.map(\.message) == [error.description])
    }

    #if canImport(Observation)
    @Test("an observable presenter holds the newest presentation until it is dismissed, and tells its observers")
    @MainActor
    func observablePresenter() {
        let presenter = ObservableErrorPresenter()
        #expect(presenter.presentation == nil && !presenter.isPresenting)
        let changes = Recorded<String>()
        withObservationTracking {
            _ = presenter.presentation
        } onChange: {
            changes.append("presentation")
        }
        let first = ErrorPresentation(NetworkError(.timedOut), for: .release)
        let second = ErrorPresentation(NetworkError(.notConnected), for: .release)
        presenter.present(first)
        #expect(changes.all == ["presentation"])
        #expect(presenter.isPresenting)
        presenter.present(second)
        #expect(presenter.presentation == second)
        presenter.isPresenting = false
        #expect(presenter.presentation == nil)
        presenter.present(first)
        presenter.dismiss()
        #expect(!presenter.isPresenting)
    }
    #endif
}
