import Courier
import CourierTesting
import Foundation
import Testing

/// Pagination against the real local server's `/pages/…` routes, on every transport.
@Suite("Pagination against the real local server", .timeLimit(.minutes(1)))
struct PaginationConformanceTests {
    /// `/pages/{route}` with `size` and `total`, and any other query items.
    static func endpoint<Value: Decodable & Sendable>(
        _ route: String, size: Int = 10, total: Int = 25, _ extra: [String: String] = [:], as type: Value.Type
    ) -> Endpoint<Value> {
        var query = [URLQueryItem(name: "size", value: String(size)), URLQueryItem(name: "total", value: String(total))]
        query += extra.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return Endpoint(path: "/pages/\(raw: route)", query: query)
    }

    /// `/pages/{route}` decoded as a JSON array of numbers.
    static func endpoint(_ route: String, size: Int = 10, total: Int = 25, _ extra: [String: String] = [:]) -> Endpoint<[Int]> {
        endpoint(route, size: size, total: total, extra, as: [Int].self)
    }

    static func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var elements: [S.Element] = []
        for try await element in sequence { elements.append(element) }
        return elements
    }

    @Test("page numbers: every element exactly once, then the empty page ends it", arguments: TransportUnderTest.allCases)
    func pageNumbers(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            let elements = try await Self.collect(client.elements(of: Self.endpoint("numbered"), strategy: .pageNumbers()))
            #expect(elements == Array(1...25))
            // Three pages of numbers and the empty page after them.
            #expect(await server.hits("/pages/numbered") == 4)

            let zeroBased = try await Self.collect(client.pages(
                of: Self.endpoint("numbered", ["first": "0"]),
                strategy: .pageNumbers(startingAt: 0) { $0.count < 10 }
            ))
            #expect(zeroBased == [Array(1...10), Array(11...20), Array(21...25)])
            // A short page is the last: no request for an empty one.
            #expect(await server.hits("/pages/numbered") == 7)
        }
    }

    @Test("cursor: every element exactly once, and a page without a next cursor ends it", arguments: TransportUnderTest.allCases)
    func cursor(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            let endpoint: Endpoint<TestServer.CursorPage> = Self.endpoint("cursor", as: TestServer.CursorPage.self)
            let elements = try await Self.collect(client.elements(of: endpoint, strategy: .cursor { $0.next }, items: \.items))
            #expect(elements == Array(1...25))
            #expect(await server.hits("/pages/cursor") == 3)
        }
    }

    @Test("Link rel=next: every element exactly once, whatever the form of the targets", arguments: ["path", "absolute", "relative", "query"])
    func linkHeader(_ form: String) async throws {
        for kind in TransportUnderTest.allCases {
            try await withServer(kind) { transport, server in
                let client = Client(transport: transport).targeting(server.server)
                let pages = try await Self.collect(client.pages(of: Self.endpoint("linked", ["form": form]), strategy: .linkHeader))
                #expect(pages == [Array(1...10), Array(11...20), Array(21...25)], "\(kind)")
                #expect(await server.hits("/pages/linked") == 3, "\(kind)")
            }
        }
    }

    @Test("an empty first page: no element, one request, with each strategy", arguments: TransportUnderTest.allCases)
    func emptyFirstPage(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            let numbered = try await Self.collect(client.elements(of: Self.endpoint("numbered", total: 0), strategy: .pageNumbers()))
            let cursor = try await Self.collect(client.elements(
                of: Self.endpoint("cursor", total: 0, as: TestServer.CursorPage.self), strategy: .cursor { $0.next }, items: \.items
            ))
            let linked = try await Self.collect(client.pages(of: Self.endpoint("linked", total: 0), strategy: .linkHeader))
            #expect(numbered.isEmpty)
            #expect(cursor.isEmpty)
            #expect(linked == [[]])
            #expect(await server.hits("/pages/numbered") == 1)
            #expect(await server.hits("/pages/cursor") == 1)
            #expect(await server.hits("/pages/linked") == 1)
        }
    }

    @Test("nothing is requested before the iteration starts", arguments: TransportUnderTest.allCases)
    func lazy(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            let pages = client.pages(of: Self.endpoint("numbered"), strategy: .pageNumbers())
            let elements = client.elements(of: Self.endpoint("cursor", as: TestServer.CursorPage.self), strategy: .cursor { $0.next }, items: \.items)
            var pageIterator = pages.makeAsyncIterator()
            _ = elements.makeAsyncIterator()
            #expect(await server.totalHits() == 0)
            let first = try await pageIterator.next()
            #expect(first == Array(1...10))
            #expect(await server.totalHits() == 1)
        }
    }

    @Test("breaking after the second page requests no third page, with each strategy", arguments: TransportUnderTest.allCases)
    func breakAfterSecondPage(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            var numbered: [[Int]] = []
            for try await page in client.pages(of: Self.endpoint("numbered"), strategy: .pageNumbers()) {
                numbered.append(page)
                if numbered.count == 2 { break }
            }
            var cursor: [Int] = []
            for try await item in client.elements(of: Self.endpoint("cursor", as: TestServer.CursorPage.self), strategy: .cursor { $0.next }, items: \.items) {
                cursor.append(item)
                if item == 11 { break }
            }
            let linked = try await Self.collect(client.pages(of: Self.endpoint("linked"), strategy: .linkHeader).prefix(2))
            #expect(numbered == [Array(1...10), Array(11...20)])
            #expect(cursor == Array(1...11))
            #expect(linked == [Array(1...10), Array(11...20)])
            #expect(await server.hits("/pages/numbered") == 2)
            #expect(await server.hits("/pages/cursor") == 2)
            #expect(await server.hits("/pages/linked") == 2)
        }
    }

    @Test("cancelling the consuming task after the second page requests no third page", arguments: TransportUnderTest.allCases)
    func cancelledTask(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            let (progress, reportProgress) = AsyncStream<Int>.makeStream()
            let (gate, openGate) = AsyncStream<Void>.makeStream()
            let consumer = Task { () -> ([[Int]], NetworkError.Kind?) in
                defer { reportProgress.finish() }
                var received: [[Int]] = []
                var gateIterator = gate.makeAsyncIterator()
                do {
                    for try await page in client.pages(of: Self.endpoint("linked"), strategy: .linkHeader) {
                        received.append(page)
                        reportProgress.yield(received.count)
                        // After the second page, wait until the test has cancelled this task: the wait
                        // ends when the task is cancelled (or, if the test failed, when the gate opens).
                        if received.count == 2 { _ = await gateIterator.next() }
                    }
                    return (received, nil)
                } catch {
                    return (received, (error as? NetworkError)?.kind)
                }
            }
            for await count in progress where count == 2 { break }
            consumer.cancel()
            openGate.finish()
            let (received, failure) = await consumer.value
            #expect(received == [Array(1...10), Array(11...20)])
            #expect(failure == .cancelled)
            #expect(await server.hits("/pages/linked") == 2)
        }
    }

    @Test("a server whose next page repeats one already fetched fails with invalidResponse, not a loop", arguments: TransportUnderTest.allCases)
    func loopGuard(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).targeting(server.server)
            let linked = await #expect(throws: NetworkError.self) {
                _ = try await Self.collect(client.pages(of: Self.endpoint("linked", ["loop": "1"]), strategy: .linkHeader))
            }
            let cursor = await #expect(throws: NetworkError.self) {
                _ = try await Self.collect(client.pages(of: Self.endpoint("cursor", ["loop": "1"], as: TestServer.CursorPage.self), strategy: .cursor { $0.next }))
            }
            #expect(linked?.kind == .invalidResponse)
            #expect(cursor?.kind == .invalidResponse)
            // The first page, then the page its link or cursor named; the next would repeat that one.
            #expect(await server.hits("/pages/linked") == 2)
            #expect(await server.hits("/pages/cursor") == 2)
        }
    }

    @Test("a next link to another origin is refused after its page, and never requested", arguments: TransportUnderTest.allCases)
    func foreignLink(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let client = Client(transport: transport).authorizing(with: .bearer("s3cret")).targeting(server.server)
            var iterator = client.pages(of: Self.endpoint("linked", ["foreign": "1"]), strategy: .linkHeader).makeAsyncIterator()
            let first = try await iterator.next()
            let error = await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
            #expect(first == Array(1...10))
            #expect(error?.kind == .invalidURL)
            #expect(error?.message?.contains("localhost:\(server.port)") == true)
            #expect(await server.totalHits() == 1)
        }
    }
}
