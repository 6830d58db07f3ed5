import Courier
import CourierTesting
import Foundation

/// The demo's Server-Sent Events step: a stream the server breaks off half way, resumed with
/// `Last-Event-ID` through the same stack, its JSON data decoded event by event.
struct DemoEvents {
    let shared: Client
    let server: TestServer

    /// The data of the test server's `/events/{key}` ticks.
    private struct Tick: Decodable, Sendable {
        var n: Int
        var lastEventID: String
    }

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("Server-Sent Events", "`client.events(_:)` parses text/event-stream as it arrives; when the server drops the connection after event 3, it reconnects with Last-Event-ID and the stream goes on.")
        let client = shared.targeting(server.server)
        let request = try ClientRequest(.get, path: "/events/demo", query: [
            URLQueryItem(name: "count", value: "5"), URLQueryItem(name: "dropAfter", value: "3"), URLQueryItem(name: "retry", value: "100"),
        ])
        for try await tick in client.events(request).decoded(as: Tick.self) {
            steps.say("tick \(tick.n)" + (tick.lastEventID.isEmpty ? "" : "  (after a reconnection with Last-Event-ID: \(tick.lastEventID))"))
        }
        steps.say("then the server answered 204 to the next reconnection: the stream ended; \(await server.hits("/events/demo")) connections in all")
    }
}
