import Courier
import CourierTesting
import Foundation
import Testing

/// Each assertion helper must fail when it should, with a readable diff in its message.
@Suite("Assertion helpers fail when they should")
struct AssertionTests {
    let stubs = StubTransport()
        .stub(.get, "/articles", with: .json(#"[{"id":1,"title":"One"}]"#))
        .stub(.get, "/missing", with: .status(404))
        .stub(.post, "/articles", with: .status(201))
    var client: Client { Client(transport: stubs).targeting(Server(host: "api.example.com")) }

    /// The message of the failure `body` throws; fails the test when it throws none.
    func failure(_ body: () async throws -> Void) async -> String {
        let failure = await #expect(throws: AssertionFailure.self) { try await body() }
        return failure?.description ?? ""
    }

    @Test("assertSucceeds passes on the value, and fails with a diff or with the error")
    func succeeds() async throws {
        try await assertSucceeds(Endpoint<[Article]>(path: "/articles"), on: client, with: [Article(id: 1, title: "One")])
        let different = await failure {
            try await assertSucceeds(Endpoint<[Article]>(path: "/articles"), on: client, with: [Article(id: 1, title: "Uno")])
        }
        #expect(different.contains("(-) expected, (+) actual"))
        #expect(different.contains("-     title: \"Uno\"") && different.contains("+     title: \"One\""), "\(different)")
        #expect(different.contains("AssertionTests.swift:"))
        let failed = await failure {
            try await assertSucceeds(Endpoint<[Article]>(path: "/missing"), on: client, with: [])
        }
        #expect(failed.contains("failed instead of succeeding") && failed.contains("404"))
    }

    @Test("assertFails passes on the kind, and fails on a success or on another kind, diffed")
    func fails() async throws {
        try await assertFails(Endpoint<[Article]>(path: "/missing"), on: client, with: .unacceptableStatus(404))
        let succeeded = await failure {
            try await assertFails(Endpoint<[Article]>(path: "/articles"), on: client, with: .unacceptableStatus(404))
        }
        #expect(succeeded.contains("succeeded with") && succeeded.contains("One"))
        let otherKind = await failure {
            try await assertFails(Endpoint<[Article]>(path: "/missing"), on: client, with: .unacceptableStatus(500))
        }
        #expect(otherKind.contains("-") && otherKind.contains("500") && otherKind.contains("+") && otherKind.contains("404"), "\(otherKind)")
    }

    @Test("assertRequest passes on a match; method, path, query, headers and JSON body differences are diffed; no request fails")
    func request() async throws {
        _ = try await client.send(Endpoint<Void>(method: .post, path: "/articles", headers: ["X-Trace": "abc"], body: .json(Article(id: 2, title: "Two"))))
        let sent = stubs.requests.last
        try assertRequest(sent, method: .post, path: "/articles", query: [], headers: ["x-trace": "abc"], json: #"{"title":"Two","id":2}"#)
        let wrong = await failure {
            try assertRequest(sent, method: .put, path: "/posts", query: [URLQueryItem(name: "a", value: "1")], headers: ["X-Trace": "xyz"], json: #"{"id":2,"title":"Deux"}"#)
        }
        for fragment in ["\"PUT\"", "\"POST\"", "\"/posts\"", "\"/articles\"", "a=1", "xyz", "abc", "Deux", "Two"] {
            #expect(wrong.contains(fragment), "\(fragment) in \(wrong)")
        }
        let none = await failure { try assertRequest(nil, method: .get) }
        #expect(none.contains("No request was sent."))
    }
}
