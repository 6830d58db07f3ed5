import Courier
import Foundation
import Testing

@Suite("User-facing messages for errors")
struct UserFacingMessagesTests {
    @Test("each kind has a short message; a status picks its own; other errors get a generic one")
    func defaults() {
        #expect(NetworkError.userMessage(for: NetworkError(.notConnected)).contains("offline"))
        #expect(NetworkError.userMessage(for: NetworkError(.unacceptableStatus(404))) == "That could not be found.")
        #expect(NetworkError.userMessage(for: NetworkError(.unacceptableStatus(503))).contains("problems"))
        #expect(NetworkError.userMessage(for: CancellationError()) == "The request was cancelled.")
        struct Other: Error {}
        #expect(NetworkError.userMessage(for: Other()) == "Something went wrong. Please try again.")
    }

    @Test("an override is asked first; nil falls through to earlier overrides and the defaults")
    func overrides() {
        var messages = UserFacingMessages.default
        messages.override { $0.kind == .unacceptableStatus(404) ? "Deleted." : nil }
        messages.override { $0.kind == .timedOut ? "Slow." : nil }
        #expect(messages.message(for: NetworkError(.unacceptableStatus(404))) == "Deleted.")
        #expect(messages.message(for: NetworkError(.timedOut)) == "Slow.")
        #expect(messages.message(for: NetworkError(.rateLimited)).contains("Too many requests"))
        #expect(UserFacingMessages.default.message(for: NetworkError(.unacceptableStatus(404))) == "That could not be found.")
    }
}
