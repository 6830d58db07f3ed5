import ArgumentParser
import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation

/// `courier demo`: starts the embedded test server and walks through the library against it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start an embedded local server and walk through Courier's features against it."
    )

    func run() async throws {
        let production = try await TestServer.start()
        let staging = try await TestServer.start()
        let transport = AsyncHTTPClientTransport()
        do {
            try await walkThrough(production: production, staging: staging, transport: transport)
        } catch {
            try? await transport.shutdown()
            await production.stop()
            await staging.stop()
            throw error
        }
        try await transport.shutdown()
        await production.stop()
        await staging.stop()
    }

    private func walkThrough(production: TestServer, staging: TestServer, transport: AsyncHTTPClientTransport) async throws {
        var steps = DemoSteps()
        steps.title("Courier demo — two local servers: 'production' at \(production.baseURL), 'staging' at \(staging.baseURL)")
        steps.say("transport: AsyncHTTPClientTransport (SwiftNIO); URLSessionTransport passes the same conformance suite")
        let shared = Client(transport: transport)
        let client = shared.targeting(production.server)

        steps.step("A typed GET", "`client.send(.articles(tag: \"swift\"))` decodes [TestArticle] from JSON.")
        let articles = try await client.send(.articles(tag: "swift"))
        for article in articles {
            steps.say("#\(article.id) \(article.title)  \(article.tags)")
        }

        steps.step("A POST of JSON", "`.publish(article)` encodes the body; the echo route shows what arrived.")
        let echo = try await client.send(.publish(NewArticle(title: "Hello, Courier", tags: ["swift"])))
        steps.say("\(echo.method) \(echo.path)")
        steps.say("content-type: \(echo.headers["content-type"] ?? "-")")
        steps.say("body: \(echo.body)")

        steps.step("Query values are data", "`+ & = # /`, spaces and non-ASCII are percent-encoded, so the server reads them back exactly.")
        let search = try await client.send(.search("swift & vapor = 1+1 #/é"))
        steps.say("on the wire: ?\(search.query)")
        steps.say("decoded:     q = \(search.queryItems.first?.value ?? "-")")

        steps.step("Switching servers", "The same endpoint and the same shared stack, `.targeting(staging)` instead of production.")
        for (name, server) in [("production", production), ("staging", staging)] {
            let answer = try await shared.targeting(server.server).send(.search("which server?"))
            steps.say("\(name): host \(answer.headers["host"] ?? "-"), \(await server.hits("/echo/search")) hit(s) there")
        }

        steps.step("Streaming both ways", "A 5 MiB upload generated on the fly and a 5 MiB download read chunk by chunk: neither is ever held whole.")
        let size = 5 * 1024 * 1024
        var upload = try ClientRequest(.post, path: "/upload")
        upload.body = .stream(length: Int64(size)) { DemoBytes(count: size) }
        let uploaded = try JSONDecoder().decode(TestServer.UploadSummary.self, from: try await client.send(upload).body.collect(upTo: 1 << 16))
        steps.say("uploaded: the server counted \(uploaded.bytes) bytes (Content-Length: \(uploaded.contentLength ?? "-"))")
        let download = try await client.send(ClientRequest(.get, path: "/bytes/\(size)"))
        var chunks = 0
        var bytes = 0
        for try await chunk in download.body {
            chunks += 1
            bytes += chunk.count
        }
        steps.say("downloaded: \(bytes) bytes in \(chunks) chunks, with back-pressure")

        try await DemoBodies(shared: shared, server: production).run(&steps)
        try await DemoEvents(shared: shared, server: production).run(&steps)
        try await DemoResilience(shared: shared, server: production).run(&steps)
        try await DemoAuth(shared: shared, production: production, staging: staging).run(&steps)
        try await DemoObservability(shared: shared, server: production).run(&steps)
        try await DemoCaching(shared: shared, server: production).run(&steps)
        try await DemoFunctional(shared: shared, server: production).run(&steps)
        try await DemoTesting(shared: shared, server: production).run(&steps)

        steps.step("What a failure prints", "A 404, with the Authorization header the request carried redacted.")
        var missing = Endpoint<TestArticle>.article(id: 42)
        missing.headers["Authorization"] = "Bearer s3cr3t-t0ken"
        do {
            _ = try await client.send(missing)
            steps.say("unexpected: the request succeeded")
        } catch let error as NetworkError {
            steps.say(error.description)
        }

        steps.step("Bad input never reaches the wire", "A header value with CR/LF is refused before anything is sent.")
        do {
            var request = try ClientRequest(url: production.baseURL + "/echo")
            try request.setHeader("X-Note", "hello\r\nX-Injected: yes")
            steps.say("unexpected: the header was accepted")
        } catch let error as NetworkError {
            steps.say("kind: \(error.kind) — \(error.message ?? "")")
        }

        steps.finish()
    }
}

/// `count` bytes, 64 KiB at a time.
struct DemoBytes: AsyncSequence, Sendable {
    typealias Element = Data
    let count: Int

    func makeAsyncIterator() -> AsyncStream<Data>.Iterator {
        let count = self.count
        return AsyncStream<Data> { continuation in
            var sent = 0
            while sent < count {
                let size = Swift.min(64 * 1024, count - sent)
                continuation.yield(Data(repeating: 0x2E, count: size))
                sent += size
            }
            continuation.finish()
        }.makeAsyncIterator()
    }
}
