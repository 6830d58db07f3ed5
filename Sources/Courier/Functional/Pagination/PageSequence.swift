/// The pages of a paginated endpoint, as an `AsyncSequence` of decoded page values: what
/// ``Client/pages(of:strategy:)`` returns.
///
/// It is lazy and re-runnable: making the sequence sends nothing, each iterator starts again from the
/// first page, and an iterator requests a page only when asked for its next element. So a consumer that
/// breaks out of its loop, or a `prefix(_:)` of the sequence, requests no page after the last one it used;
/// when the iterating task is cancelled, the page in flight is cancelled with it and no further page is
/// requested (the iteration throws ``NetworkError/Kind/cancelled``).
///
/// ```swift
/// let articles = Endpoint<[Article]>(path: "/articles")
/// for try await page in client.pages(of: articles, strategy: .pageNumbers()) {
///     print("\(page.count) articles")
/// }
/// ```
///
/// ## Loops
///
/// A server can send a next page that was already fetched (the same cursor, or a `Link` to the same
/// page, forever). Each iterator remembers the requests it made (method, path and query, and the body's
/// bytes: a few dozen bytes a page) and throws ``NetworkError/Kind/invalidResponse`` instead of repeating
/// one. A server that invents new pages forever is not a loop: bound such an iteration with `prefix(_:)`.
///
/// Page values cross from the iterator to the consuming task, so they are `Sendable`.
public struct PageSequence<Value: Sendable>: AsyncSequence, Sendable {
    /// A decoded page.
    public typealias Element = Value
    /// Every error is a ``NetworkError``, as when sending one endpoint.
    public typealias Failure = NetworkError

    private let client: Client
    private let first: Endpoint<Value>
    private let strategy: PaginationStrategy<Value>

    init(client: Client, first: Endpoint<Value>, strategy: PaginationStrategy<Value>) {
        self.client = client
        self.first = first
        self.strategy = strategy
    }

    /// An iterator that starts at the first page; it sends nothing until its first `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, first: first, strategy: strategy)
    }

    /// Fetches one page per call to ``next()``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// What the next call to ``next()`` does.
        private enum Upcoming {
            case fetch(Endpoint<Value>)
            case fail(NetworkError)
            case end
        }

        private let client: Client
        private let strategy: PaginationStrategy<Value>
        private var upcoming: Upcoming
        private var requested: Set<PageRequestKey> = []

        init(client: Client, first: Endpoint<Value>, strategy: PaginationStrategy<Value>) {
            self.client = client
            self.strategy = strategy
            upcoming = .fetch(first)
        }

        /// Requests the next page and returns its value, or `nil` after the last page.
        ///
        /// After it has returned `nil` or thrown, it returns `nil` without requesting anything.
        ///
        /// - Throws: ``NetworkError``: ``NetworkError/Kind/cancelled`` when the task is cancelled (no
        ///   page is requested), ``NetworkError/Kind/invalidResponse`` when the next page was already
        ///   fetched (a loop), what the strategy throws about the page before, or any error of sending
        ///   the endpoint.
        public mutating func next() async throws(NetworkError) -> Value? {
            let endpoint: Endpoint<Value>
            switch upcoming {
            case .end:
                return nil
            case .fail(let error):
                upcoming = .end
                throw error
            case .fetch(let next):
                endpoint = next
            }
            // Whatever happens below, an error ends the iteration.
            upcoming = .end
            guard !Task.isCancelled else {
                throw NetworkError(.cancelled, message: "the task iterating the pages was cancelled; no further page was requested.")
            }
            if let key = PageRequestKey(endpoint, encoder: client.configuration.encoder), !requested.insert(key).inserted {
                let shown = Redactor.default.redact(pathAndQuery: key.target)
                throw NetworkError(
                    .invalidResponse,
                    message: "the server's next page is one already fetched (\(key.method) \(shown)); stopped, since it would loop forever."
                )
            }
            let page: Value
            let response: ClientResponse
            do {
                (page, response) = try await client.response(endpoint)
            } catch {
                throw NetworkError.wrapping(error, request: nil)
            }
            do {
                upcoming = try strategy.next(after: endpoint, page: page, response: response).map(Upcoming.fetch) ?? .end
            } catch {
                // NOTE: the page itself arrived; the consumer gets it now and the error on the next call.
                upcoming = .fail(NetworkError.wrapping(error, request: response.request, response: response))
            }
            return page
        }
    }
}
