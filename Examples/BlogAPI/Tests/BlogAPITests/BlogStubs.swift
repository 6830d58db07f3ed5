import BlogAPI
import Courier
import CourierTesting
import Foundation

/// The blog's API as stubs: every operation answered from the fixture the live test server also
/// serves, so the same tests pass stubbed and live.
enum BlogStubs {
    static func transport() throws -> StubTransport {
        let url = try fixtureURL("articles")
        let articles = try JSONDecoder().decode([Article].self, from: Data(contentsOf: url))
        return StubTransport()
            .stub(.articles(tag: "any"), with: .handler { request in
                let tag = request.query.first { $0.name == "tag" }?.value
                return .json(encoding: articles.filter { tag == nil || $0.tags.contains(tag!) })
            })
            .stub(.article(id: 0), with: .handler { request in
                let id = request.path.split(separator: "/").last.flatMap { Int($0) }
                guard let article = articles.first(where: { $0.id == id }) else {
                    return .json(#"{"error":"no article \#(id.map(String.init) ?? "?")"}"#, status: 404)
                }
                return .json(encoding: article)
            })
    }

    static func fixtureURL(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }
}
