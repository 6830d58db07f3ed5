import Courier
import CourierOperators
import CourierTesting
import Foundation

/// What api.agify.io answers, and what the test server's `agify` fixture holds.
struct AgeGuess: Codable, Sendable, Equatable {
    var name: String
    var age: Int
    var count: Int
}

/// The `agify` fixture: Jane's guess.
let agifyFixtures: [String: TestServer.Fixture] = [
    "agify": .json(#"{"name":"Jane","age":43,"count":1204}"#),
]

/// FunNetworking's README examples 1, 2 and 4, against the test server: a URL string piped into a
/// request, sent (and retried), decoded.
struct Agify: Sendable {
    let base: String
    let client: Client

    /// Examples 1 and 2: one pipeline serves both, since a `Call` is awaited with `run()` or run
    /// blocking with `unsafeRun()`.
    func ageGuess(_ name: String) -> Call<AgeGuess> {
        "\(base)/fixtures/agify?name=\(name)"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  client.requestCall
            <&> decodeJSON(AgeGuess.self)
    }

    /// Example 4: the pipeline with `retry` around the request, against `/flaky/{key}` (503 twice,
    /// then a ``TestServer/FlakyReply``, unless `failures` says otherwise); the waits run on `clock`.
    func retried(_ key: String, failures: Int = 2, clock: some Clock<Duration>) -> Call<TestServer.FlakyReply> {
        "\(base)/flaky/\(key)?failures=\(failures)"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  retry(client.requestCall, policy: .linear(step: .seconds(2), maxAttempts: 3), clock: clock)
            <&> decodeJSON(TestServer.FlakyReply.self)
    }
}
