import Courier
import CourierTesting
import Foundation

/// The demo's resilience steps: retry of a flaky route, a POST that is not sent twice, de-duplication,
/// a throttle and a circuit breaker, each counted at the server.
struct DemoResilience {
    let shared: Client
    let server: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("Retry of a flaky route", "`/flaky` fails twice with 503, then answers; `.retrying(.exponential(…))` waits 50 ms, then 100 ms.")
        let retrying = shared.retrying(.exponential(base: .milliseconds(50), maxAttempts: 4)).targeting(server.server)
        let reply = try await retrying.send(Endpoint<TestServer.FlakyReply>(path: "/flaky/demo", query: [URLQueryItem(name: "failures", value: "2")]))
        steps.say("succeeded on attempt \(reply.attempt); the server counted \(await server.hits("/flaky/demo")) requests")

        steps.step("A POST is never sent twice", "The same 503, but for a POST: the caller gets the 503, the server saw one request.")
        do {
            _ = try await retrying.send(Endpoint<TestServer.FlakyReply>(method: .post, path: "/flaky/demo-post", body: .json(["order": 17])))
        } catch let error as NetworkError {
            steps.say("\(error.kind); the server counted \(await server.hits("/flaky/demo-post")) request")
        }

        steps.step("De-duplication", "50 views ask for the same avatar at once; `.removingDuplicates()` sends one request and all 50 get the body.")
        let dedup = DuplicateRemoval()
        let sharing = shared.with(dedup).targeting(server.server)
        let avatars = (0..<50).map { _ in Task { try await sharing.send(Endpoint<String>(path: "/hold/avatar")) } }
        while dedup.waiting < 50 { try await Task.sleep(for: .milliseconds(5)) }
        await server.release("avatar")
        var answered = 0
        for avatar in avatars where try await !avatar.value.isEmpty { answered += 1 }
        steps.say("\(answered) callers answered; the server counted \(await server.hits("/hold/avatar")) request")

        steps.step("A throttle", "20 requests through `.throttled(maxConcurrent: 3)`: the rest wait in line, without polling.")
        let throttled = shared.throttled(maxConcurrent: 3).targeting(server.server)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await throttled.send(Endpoint<Data>(path: "/delay/20")) }
            }
            try await group.waitForAll()
        }
        steps.say("20 answered; at most \(await server.maxInFlight("/delay/20")) were ever in flight at the server")

        steps.step("A circuit breaker", "`.breakingCircuit(after: 3, …)`: three 503s open it; the fourth call fails fast without touching the server.")
        let guarded = shared.breakingCircuit(after: 3, coolDown: .seconds(30)).targeting(server.server)
        for _ in 0..<3 {
            _ = try await guarded.send(ClientRequest(.get, path: "/status/503"))
        }
        do {
            _ = try await guarded.send(ClientRequest(.get, path: "/status/503"))
        } catch let error as NetworkError {
            steps.say("\(error.kind): \(error.message ?? "")")
            steps.say("the server counted \(await server.hits("/status/503")) requests")
        }
    }
}
