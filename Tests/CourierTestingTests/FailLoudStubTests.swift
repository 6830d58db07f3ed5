import Courier
import CourierTesting
import Foundation
import Testing

// On Apple platforms a miss is recorded through XCTest only (TestFailureSite): these Swift Testing checks run where
// Swift Testing records it.
#if !canImport(Darwin)
/// A request no stub matches fails the test it runs in, even when the code under test swallows the error;
/// `StubTransport(unmatched: .expected)` only throws. (XCTest's side: FailLoudStubXCTests.)
@Suite("A request no stub matches fails the test, even when its error is swallowed")
struct FailLoudStubTests {
    let server = Server(host: "api.example.com")

    /// What `GET /articles` throws against one stub for `GET /other`, and what the recorded issue begins with.
    static let message = "no stub matches GET /articles. Stubs, newest first:\n  - GET /other: path /articles does not match /other"

    @Test("a swallowed unmatched request records an issue with the message, at the line that created the stub transport")
    func swallowedRequestRecordsAnIssue() async {
        // The transport and the line on one line: the issue must point here.
        let (stubs, line) = (StubTransport().stub(.get, "/other", with: .status(204)), #line)
        let client = Client(transport: stubs).targeting(server)
        // `withKnownIssue` fails the test unless an issue the matcher accepts is recorded inside it.
        await withKnownIssue("the stub transport records the request it has no stub for") {
            _ = try? await client.send(Endpoint<Data>(path: "/articles"))
        } matching: { issue in
            let said = issue.comments.contains { comment in
                comment.rawValue.hasPrefix(Self.message) && comment.rawValue.contains("StubTransport(unmatched: .expected)")
            }
            return said && issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        }
        #expect(stubs.requests.map(\.path) == ["/articles"])
    }

    @Test("a request swallowed in a task the test starts fails the test too")
    func swallowedInATask() async {
        let client = Client(transport: StubTransport().stub(.get, "/other", with: .status(204))).targeting(server)
        await withKnownIssue("the stub transport records the request it has no stub for") {
            // How a view model sends: an unstructured task that keeps a fallback value.
            let articles = await Task { (try? await client.send(Endpoint<[Int]>(path: "/articles"))) ?? [] }.value
            #expect(articles.isEmpty)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix(Self.message) }
        }
    }

    @Test("the error thrown is unchanged: transportFailed, with the message that names each stub, recorded or not")
    func errorIsUnchanged() async throws {
        let client = Client(transport: StubTransport().stub(.get, "/other", with: .status(204))).targeting(server)
        var thrown: (any Error)?
        await withKnownIssue("the stub transport records the request it has no stub for") {
            do {
                _ = try await client.send(Endpoint<Data>(path: "/articles"))
            } catch {
                thrown = error
            }
        }
        let error = try #require(thrown as? NetworkError)
        #expect(error.kind == .transportFailed)
        #expect(error.message == Self.message)

        let quiet = Client(transport: StubTransport(unmatched: .expected).stub(.get, "/other", with: .status(204))).targeting(server)
        let quietError = await #expect(throws: NetworkError.self) { try await quiet.send(Endpoint<Data>(path: "/articles")) }
        #expect(quietError?.kind == .transportFailed)
        #expect(quietError?.message == Self.message)
    }

    @Test("StubTransport(unmatched: .expected) only throws: a swallowed unmatched request records nothing")
    func expectedRecordsNothing() async {
        let stubs = StubTransport(unmatched: .expected).stub(.get, "/other", with: .status(204))
        _ = try? await Client(transport: stubs).targeting(server).send(Endpoint<Data>(path: "/articles"))
        // Any recorded issue would fail this test.
        #expect(stubs.requests.map(\.path) == ["/articles"])
    }

    @Test("client.stubbing sends a request it does not stub on, and records nothing")
    func stubbingPassesTheRestOn() async throws {
        let live = StubTransport().stub(.get, "/other", with: .json("[1]"))
        let client = Client(transport: live).targeting(server).stubbing(Endpoint<[Int]>(path: "/articles"), with: .json("[2]"))
        #expect(try await client.send(Endpoint<[Int]>(path: "/other")) == [1])
        #expect(try await client.send(Endpoint<[Int]>(path: "/articles")) == [2])
        #expect(live.requests.map(\.path) == ["/other"])
    }
}
#endif
