import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("Per-endpoint stubbing on a live client", .timeLimit(.minutes(1)))
struct StubbingTests {
    @Test("one stubbed endpoint is answered by its stub; every other request reaches the server")
    func oneEndpoint() async throws {
        try await TestServer.withRunning { server in
            let live = Client(transport: URLSessionTransport()).targeting(server.server)
            let client = live.stubbing(Endpoint<[TestArticle]>(path: "/articles"), with: .json("[]"))
            let stubbed = try await client.send(Endpoint<[TestArticle]>(path: "/articles"))
            #expect(stubbed.isEmpty)
            #expect(await server.hits("/articles") == 0)
            let real = try await client.send(Endpoint<TestArticle>(path: "/articles/1"))
            #expect(real == TestArticle.fixtures.first { $0.id == 1 })
            #expect(await server.hits("/articles/1") == 1)
            let unstubbed = try await live.send(Endpoint<[TestArticle]>(path: "/articles"))
            #expect(unstubbed == TestArticle.fixtures)
        }
    }

    @Test("an endpoint with an operation ID is stubbed whatever its parameters; a typed value is encoded")
    func byOperation() async throws {
        try await TestServer.withRunning { server in
            let client = Client(transport: URLSessionTransport()).targeting(server.server)
                .stubbing(.articles(tag: "swift"), returning: [Article(id: 7, title: "Stubbed")])
            let swift = try await client.send(.articles(tag: "swift"))
            let kotlin = try await client.send(.articles(tag: "kotlin"))
            #expect(swift == [Article(id: 7, title: "Stubbed")])
            #expect(kotlin == swift)
            #expect(await server.hits("/articles") == 0)
        }
    }
}

@Suite("TestServer routes of your own", .timeLimit(.minutes(1)))
struct TestServerRouteTests {
    @Test("a route from a closure sees the method, path parameters, query, headers and body, and its reply arrives as written")
    func customRoute() async throws {
        let route = TestServer.Route(.post, "/users/{id}") { request in
            let greeting = "\(request.method.rawValue) \(request.path) id=\(request.parameters["id"] ?? "-") q=\(request.query["q"] ?? "-") h=\(request.headers[HTTPField.Name("X-Test")!] ?? "-") body=\(String(decoding: request.body, as: UTF8.self))"
            return TestServer.Reply(status: 202, headers: ["X-Reply": "yes"], body: Data(greeting.utf8))
        }
        try await TestServer.withRunning(routes: [route]) { server in
            let client = Client(transport: URLSessionTransport()).targeting(server.server)
            let (text, response) = try await client.response(Endpoint<String>(
                method: .post, path: "/users/42", query: [URLQueryItem(name: "q", value: "a b")],
                headers: ["X-Test": "t"], body: .text("hello")
            ))
            #expect(text == "POST /users/42 id=42 q=a b h=t body=hello")
            #expect(response.status.code == 202)
            #expect(response.head.headerFields[HTTPField.Name("X-Reply")!] == "yes")
            #expect(await server.hits("/users/42") == 1)
        }
    }
}
