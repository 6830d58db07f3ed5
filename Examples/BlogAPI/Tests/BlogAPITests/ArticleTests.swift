import BlogAPI
import Courier
import CourierTesting
import Foundation
import Testing

@Suite("The blog API, stubbed or live (BLOG_API_LIVE=1)")
struct ArticleTests {
    @Test("articles by tag")
    func byTag() async throws {
        try await withBlogClient { client in
            let swift = try await client.send(.articles(tag: "swift"))
            #expect(swift.map(\.id) == [1, 2])
            try await assertSucceeds(.articles(tag: "http"), on: client, with: [Article(id: 3, title: "HTTP caching by the RFC", tags: ["http"])])
            try await assertSucceeds(.articles(tag: "cobol"), on: client, with: [])
        }
    }

    @Test("one article, and a missing one is a 404")
    func one() async throws {
        try await withBlogClient { client in
            let article = try await client.send(.article(id: 2))
            #expect(article.title == "Structured concurrency in practice")
            try await assertFails(.article(id: 99), on: client, with: .unacceptableStatus(404))
        }
    }

    @Test("a screen's two requests, one stubbed on top of either mode (one line to add, one to remove)")
    func perEndpointOverride() async throws {
        try await withBlogClient { client in
            let client = client.stubbing(.articles(tag: "any"), returning: [Article(id: 7, title: "Pinned", tags: ["swift"])])
            let pinned = try await client.send(.articles(tag: "swift"))
            let article = try await client.send(.article(id: 1))
            #expect(pinned.map(\.title) == ["Pinned"])
            #expect(article.title == "Values all the way down")
        }
    }
}
