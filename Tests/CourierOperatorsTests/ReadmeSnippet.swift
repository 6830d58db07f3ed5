// The "Operators (opt-in)" README subsection's example, compiled and run here so that it stays true.
import Courier
import CourierAsyncHTTPClient
import CourierOperators
import CourierTesting
import Foundation
import Testing

// MARK: README snippet begins

struct Guess: Decodable, Sendable {
    var name: String
    var age: Int
}

struct Agent: Sendable {
    let base: String                     // "https://api.agify.io" in the wild
    let client: Client

    func ageGuess(_ name: String) -> Call<Guess> {
        "\(base)/agify?name=\(name)"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  authorization(.bearer("secret-token-123"))
            |>  retry(client.requestCall, policy: .constant(.seconds(2), maxAttempts: 3))
            <&> decodeJSON(Guess.self)
    }

    struct Pair: Sendable {
        var first: Guess
        var second: Guess
    }

    func bothGuesses() -> Call<Pair> {
        curry(Pair.init) <*> ageGuess("Jane") <*> ageGuess("John")      // both requests at once
    }
}

// let jane = try await Agent(base: "https://api.agify.io", client: client).ageGuess("Jane").run()

// MARK: README snippet ends

@Suite("The README's operators example", .timeLimit(.minutes(1)))
struct ReadmeSnippetTests {
    @Test("compiles, and runs against the test server (served from the agify fixture)")
    func runs() async throws {
        let fixtures: [String: TestServer.Fixture] = ["agify": .json(#"{"name":"Jane","age":43}"#)]
        try await withClient(fixtures: fixtures) { client, server in
            let agent = Agent(base: server.baseURL + "/fixtures", client: client)
            let jane = try await agent.ageGuess("Jane").run()
            #expect(jane.age == 43)
            let pair = try await agent.bothGuesses().run()
            #expect(pair.first.name == "Jane")
            #expect(pair.second.age == 43)
            let hits = await server.hits("/fixtures/agify")
            #expect(hits == 3)
        }
    }
}
