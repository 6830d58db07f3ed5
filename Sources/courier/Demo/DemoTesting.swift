import Courier
import CourierTesting
import Foundation

/// The demo's testing step: one endpoint stubbed on the live client, a stub transport that explains a
/// miss, and an exchange recorded as HAR and replayed with no server.
struct DemoTesting {
    let shared: Client
    let server: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("Stubbing, record and replay", "One endpoint stubbed on the live client (one line), a stub transport that says why nothing matched, and a HAR recording replayed offline.")
        let live = shared.targeting(server.server)

        let before = await server.hits("/articles")
        let stubbed = live.stubbing(.articles(tag: "swift"), with: .json(#"[{"id":99,"title":"From a stub","tags":["swift"]}]"#))
        let fromStub = try await stubbed.send(.articles(tag: "swift"))
        let fromServer = try await stubbed.send(.article(id: 1))
        steps.say("stubbed .articles(tag:) → \(fromStub.map(\.title)); .article(id: 1) still live → \"\(fromServer.title)\"")
        steps.say("server hits on /articles: \(await server.hits("/articles") - before) (the stub answered)")

        // `.expected`: in a test, a request no stub matches also fails the test, even if its error is caught.
        let stubs = StubTransport(unmatched: .expected)
            .stub(.get, "/articles", query: [URLQueryItem(name: "tag", value: "swift")], with: .json("[]"))
            .stub(.get, "/articles/{id}", with: .status(404))
        do {
            _ = try await Client(transport: stubs).targeting(server.server).send(.articles(tag: "kotlin"))
        } catch let error as NetworkError {
            steps.say("a request no stub matches:\n" + (error.message ?? "\(error)"))
        }

        let recorder = RecordingTransport(wrapping: URLSessionTransport())
        let recorded = try await Client(transport: recorder).targeting(server.server).send(.article(id: 2))
        let har = try recorder.harData()
        let replayed = try await Client(transport: try ReplayingTransport(harData: har)).targeting(server.server).send(.article(id: 2))
        steps.say("recorded \(har.count) bytes of HAR 1.2; replayed with no network: \"\(replayed.title)\" (same as live: \(replayed == recorded))")
    }
}
