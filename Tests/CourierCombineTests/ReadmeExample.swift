// The README's "Combine" example, kept here so that it always compiles.
import Courier
import CourierAsyncHTTPClient
import CourierCombine
import CourierTestSupport
import CourierTesting
import Testing

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

// MARK: README "Combine"

struct Article: Codable, Sendable {
    var id: Int
    var title: String
}

func countArticles(with client: Client) -> AnyCancellable {
    // Sent when the subscriber asks, once per subscription; the failure is a NetworkError.
    client.publisher(for: Endpoint<[Article]>(path: "/articles"))
        .map(\.count)
        .sink { completion in
            if case .failure(let error) = completion { print("failed:", error.kind) }
        } receiveValue: { count in
            print("\(count) articles")
        }
    // Cancelling (or dropping) the cancellable cancels the request: the server sees the client go away.
}

/// A re-firable call and its subscribers, as a view model would keep them.
final class ArticleFeed {
    let feed: NetworkCall<[Article]>
    private var cancellables = Set<AnyCancellable>()

    init(client: Client) {
        feed = NetworkCall(client: client, endpoint: Endpoint<[Article]>(path: "/articles"))
        feed.valuesPublisher()
            .sink { articles in print("refreshed:", articles.count) }
            .store(in: &cancellables)
        feed.errorsPublisher()
            .sink { error in print(NetworkError.userMessage(for: error)) }
            .store(in: &cancellables)
    }

    /// Every fire reaches every subscriber above.
    func refresh() {
        feed.fire()
    }
}

// MARK: -

@Suite("The README's Combine example", .timeLimit(.minutes(1)))
struct ReadmeExampleTests {
    @Test("runs against the test server: the one-shot request and the feed's fire both arrive")
    func runs() async throws {
        try await TestServer.withRunning { server in
            let transport = AsyncHTTPClientTransport()
            let client = Client(transport: transport).targeting(server.server)
            let cancellable = countArticles(with: client)
            let model = ArticleFeed(client: client)
            _ = await model.feed.fire().value
            try await eventually { await server.hits("/articles") == 2 }
            cancellable.cancel()
            try await transport.shutdown()
        }
    }
}
