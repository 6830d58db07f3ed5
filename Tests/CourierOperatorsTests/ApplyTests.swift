import Courier
import CourierOperators
import CourierTesting
import Foundation
import Testing

@Suite("<*> applies a call's function to a call's value, running the calls at once", .timeLimit(.minutes(1)))
struct ApplyTests {
    struct Pair: Sendable, Equatable {
        var left: String
        var right: String
    }

    struct Triple: Sendable, Equatable {
        var first: String
        var second: String
        var third: String
    }

    /// A call to `/hold/{key}`, which answers only once the test releases `key`.
    static func held(_ key: String, on server: TestServer, client: Client) -> Call<String> {
        "\(server.baseURL)/hold/\(key)"
            |>  URL.init(string:)
            >=> request()
            |>  client.requestCall
            <&> { String(decoding: $0, as: UTF8.self) }
    }

    @Test("curry(f) <*> a <*> b: both requests reach the server before either is answered")
    func parallel() async throws {
        try await withClient { client, server in
            let pair = curry(Pair.init)
                <*> Self.held("left", on: server, client: client)
                <*> Self.held("right", on: server, client: client)
            let running = Task { try await pair.run() }
            // Sequential calls would never send the second while the first is held: the time limit
            // would end the test.
            await server.waitForHit(on: "/hold/left")
            await server.waitForHit(on: "/hold/right")
            await server.release("left")
            await server.release("right")
            let value = try await running.value
            #expect(value == Pair(left: #"{"released":"left"}"#, right: #"{"released":"right"}"#))
        }
    }

    @Test("three arguments: curry of a three-argument function, three calls in flight at once, in order")
    func threeArguments() async throws {
        try await withClient { client, server in
            let triple = Call.value(curry(Triple.init))
                <*> Self.held("one", on: server, client: client)
                <*> Self.held("two", on: server, client: client)
                <*> Self.held("three", on: server, client: client)
            let running = Task { try await triple.run() }
            for key in ["one", "two", "three"] {
                await server.waitForHit(on: "/hold/\(key)")
            }
            for key in ["three", "two", "one"] {
                await server.release(key)
            }
            let value = try await running.value
            #expect(value.first == #"{"released":"one"}"#)
            #expect(value.second == #"{"released":"two"}"#)
            #expect(value.third == #"{"released":"three"}"#)
        }
    }

    @Test("the first failure ends the applied call at once and cancels the other request")
    func failureCancelsTheOther() async throws {
        try await withClient { client, server in
            let failing = "\(server.baseURL)/status/404"
                |>  URL.init(string:)
                >=> request()
                |>  client.requestCall
                <&> { String(decoding: $0, as: UTF8.self) }
            // `never` is not released: only cancelling it lets the call end.
            let pair = curry(Pair.init) <*> Self.held("never", on: server, client: client) <*> failing
            let error = await failure(of: pair)
            #expect(error?.kind == .unacceptableStatus(404))
            // The held handler would otherwise outlive the test and keep the server from stopping.
            await server.release("never")
        }
    }
}
