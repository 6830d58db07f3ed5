import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Pagination sequences with a stub transport")
struct PageSequenceTests {
    static let api = Server(host: "api.example.com", basePath: "/api")

    /// A transport serving `/api/items?page=N` (N from 1) as JSON arrays: `pages[N - 1]`, then `[]`.
    static func numbered(_ pages: [[Int]]) -> RecordingTransport {
        RecordingTransport { request in
            let query = URLComponents(string: request.head.path ?? "")?.queryItems ?? []
            let number = query.first { $0.name == "page" }?.value.flatMap { Int($0) } ?? 1
            let page = pages.indices.contains(number - 1) ? pages[number - 1] : []
            return stubResponse(200, body: "\(page)", for: request)
        }
    }

    /// A transport whose every answer is `[1]` with a `Link` to `next`.
    static func linking(to next: String) -> RecordingTransport {
        RecordingTransport { request in
            stubResponse(200, headers: [HTTPField.Name("Link")!: "<\(next)>; rel=\"next\""], body: "[1]", for: request)
        }
    }

    static let items = Endpoint<[Int]>(path: "/items")

    @Test("making the sequence and its iterator sends nothing; each page is requested when asked for")
    func lazy() async throws {
        let transport = Self.numbered([[1, 2], [3]])
        let pages = Client(transport: transport).targeting(Self.api).pages(of: Self.items, strategy: .pageNumbers())
        var iterator = pages.makeAsyncIterator()
        #expect(transport.requests.isEmpty)
        let first = try await iterator.next()
        #expect(first == [1, 2])
        #expect(transport.requests.map(\.head.path) == ["/api/items"])
        let second = try await iterator.next()
        #expect(second == [3])
        #expect(transport.requests.map(\.head.path) == ["/api/items", "/api/items?page=2"])
    }

    @Test("elements flatten the pages in order, skip empty pages and stop at the end")
    func elements() async throws {
        let transport = RecordingTransport { request in
            let cursor = URLComponents(string: request.head.path ?? "")?.queryItems?.first { $0.name == "cursor" }?.value
            let body = switch cursor {
            case nil: #"{"items":[1,2],"next":"b"}"#
            case "b": #"{"items":[],"next":"c"}"#
            case "c": #"{"items":[3],"next":null}"#
            default: #"{"items":[99]}"#
            }
            return stubResponse(200, body: body, for: request)
        }
        struct Feed: Decodable, Sendable { var items: [Int]; var next: String? }
        let client = Client(transport: transport).targeting(Self.api)
        var seen: [Int] = []
        for try await item in client.elements(of: Endpoint<Feed>(path: "/feed"), strategy: .cursor { $0.next }, items: \.items) {
            seen.append(item)
        }
        #expect(seen == [1, 2, 3])
        #expect(transport.requests.count == 3)
        let again = try await Array(client.elements(of: Endpoint<Feed>(path: "/feed"), strategy: .cursor { $0.next }, items: \.items))
        #expect(again == [1, 2, 3])
        #expect(transport.requests.count == 6)
    }

    @Test("a next page already fetched fails with invalidResponse instead of looping")
    func loopGuard() async throws {
        let transport = Self.linking(to: "/api/items?page=1")
        let pages = Client(transport: transport).targeting(Self.api).pages(of: Self.items, strategy: .linkHeader)
        var iterator = pages.makeAsyncIterator()
        let first = try await iterator.next()
        let second = try await iterator.next()
        let error = await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
        #expect(first == [1])
        #expect(second == [1])
        #expect(error?.kind == .invalidResponse)
        #expect(transport.requests.map(\.head.path) == ["/api/items", "/api/items?page=1"])
        let after = try await iterator.next()
        #expect(after == nil)
        #expect(transport.requests.count == 2)
    }

    @Test("a page is delivered before the error its strategy raises about the next one, then nothing")
    func strategyErrorAfterPage() async throws {
        let transport = Self.linking(to: "https://evil.example.com/api/items?page=2")
        let pages = Client(transport: transport).targeting(Self.api).pages(of: Self.items, strategy: .linkHeader)
        var iterator = pages.makeAsyncIterator()
        let first = try await iterator.next()
        let error = await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
        let after = try await iterator.next()
        #expect(first == [1])
        #expect(error?.kind == .invalidURL)
        #expect(error?.response?.request.url?.absoluteString == "https://api.example.com/api/items")
        #expect(after == nil)
        #expect(transport.requests.map(\.head.authority) == ["api.example.com"])
    }

    @Test("a page that a redirect fetched from another origin has its next link refused")
    func redirectedPage() async throws {
        let transport = RecordingTransport { request in
            if request.head.authority == "api.example.com" {
                return stubResponse(302, headers: [.location: "https://cdn.example.com/api/items"], for: request)
            }
            return stubResponse(200, headers: [HTTPField.Name("Link")!: #"</api/items?page=2>; rel="next""#], body: "[1]", for: request)
        }
        let client = Client(transport: transport).followingRedirects().targeting(Self.api)
        var iterator = client.pages(of: Self.items, strategy: .linkHeader).makeAsyncIterator()
        let first = try await iterator.next()
        let error = await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
        #expect(first == [1])
        #expect(error?.kind == .invalidURL)
        #expect(transport.requests.count == 2)
    }

    @Test("a cancelled task requests no further page and fails with cancelled")
    func cancelled() async throws {
        let transport = Self.numbered([[1], [2], [3]])
        let client = Client(transport: transport).targeting(Self.api)
        let outcome = await Task { () -> ([[Int]], NetworkError.Kind?) in
            var received: [[Int]] = []
            do {
                for try await page in client.pages(of: Self.items, strategy: .pageNumbers()) {
                    received.append(page)
                    if received.count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (received, nil)
            } catch {
                return (received, (error as? NetworkError)?.kind)
            }
        }.value
        #expect(outcome.0 == [[1], [2]])
        #expect(outcome.1 == .cancelled)
        #expect(transport.requests.count == 2)
    }

    @Test("breaking out of the loop, or a prefix, requests no further page")
    func breakStops() async throws {
        let transport = Self.numbered([[1], [2], [3], [4]])
        let client = Client(transport: transport).targeting(Self.api)
        for try await page in client.pages(of: Self.items, strategy: .pageNumbers()) where page == [2] {
            break
        }
        #expect(transport.requests.count == 2)
        let firstThree = try await Array(client.elements(of: Self.items, strategy: .pageNumbers()).prefix(3))
        #expect(firstThree == [1, 2, 3])
        #expect(transport.requests.count == 5)
    }

    @Test("a failed page ends the iteration with its error")
    func failedPage() async throws {
        let transport = RecordingTransport { request in
            request.head.path == "/api/items" ? stubResponse(200, body: "[1]", for: request) : stubResponse(503, for: request)
        }
        var iterator = Client(transport: transport).targeting(Self.api).pages(of: Self.items, strategy: .pageNumbers()).makeAsyncIterator()
        let first = try await iterator.next()
        let error = await #expect(throws: NetworkError.self) { _ = try await iterator.next() }
        let after = try await iterator.next()
        #expect(first == [1])
        #expect(error?.kind == .unacceptableStatus(503))
        #expect(after == nil)
        #expect(transport.requests.count == 2)
    }
}

extension Array {
    /// Every element of `sequence`, in order.
    init<S: AsyncSequence>(_ sequence: S) async throws where S.Element == Element {
        self = []
        for try await element in sequence { append(element) }
    }
}
