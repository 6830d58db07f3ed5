import Courier
import CourierTesting
import Foundation

/// The demo's functional step: a lazy call run twice, dependent and parallel requests, a re-firable
/// call with subscribers, and pagination, counted at the server.
struct DemoFunctional {
    let shared: Client
    let server: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("The functional style (optional)", "`Call` values are lazy and re-runnable; `zip` runs at once; `NetworkCall` broadcasts; pages are an AsyncSequence.")
        let client = shared.targeting(server.server)

        let profile = Endpoint<TestProfile>(path: "/profile").call(on: client)
        steps.say("built a Call for GET /profile → server hits: \(await server.hits("/profile")) (nothing sent yet)")
        _ = try await profile.run()
        _ = try await profile.run()
        steps.say("ran it twice → server hits: \(await server.hits("/profile"))")

        let home = profile.flatMap { user in
            Endpoint<[TestArticle]>(path: "/articles", query: [URLQueryItem(name: "tag", value: user.favoriteTag)])
                .call(on: client).map { (user, $0) }
        }
        let (user, articles) = try await home.run()
        steps.say("profile, then its tag's articles: \(user.name) reads \(articles.map(\.title))")

        let (first, second) = try await zip(
            Endpoint<TestArticle>(path: "/articles/1").call(on: client),
            Endpoint<TestArticle>(path: "/articles/2").call(on: client)
        ).run()
        steps.say("zip of two articles, sent at once: \"\(first.title)\", \"\(second.title)\"")

        let feed = NetworkCall(client: client, endpoint: Endpoint<TestArticle>(path: "/articles/3"))
        let titles = Task { [stream = feed.values()] in await stream.prefix(2).reduce(into: [String]()) { $0.append($1.title) } }
        _ = await feed.fire().value
        _ = await feed.fire().value
        steps.say("a NetworkCall fired twice; its subscriber saw \(await titles.value.count) values")

        var numbers: [Int] = []
        for try await number in client.elements(of: Endpoint<[Int]>(path: "/pages/numbered", query: [URLQueryItem(name: "total", value: "25")]), strategy: .pageNumbers()) {
            numbers.append(number)
        }
        steps.say("pages by number: \(numbers.count) elements in \(await server.hits("/pages/numbered")) requests (the last page empty)")
    }
}
