// The snippets of Sources/Courier/Courier.docc/Cookies.md, kept in step with it so that they always
// compile (`Profile` and `Server.production` come from ReadmeExamples.swift).
import Courier
import CourierAsyncHTTPClient
import Foundation

// MARK: Cookies.md

func cookiesArticleOverview() async throws {
    let jar = CookieJar()
    let client = Client(transport: AsyncHTTPClientTransport())
        .storingCookies(in: jar)
        .followingRedirects()
        .targeting(.production)

    let login = try await client.send(ClientRequest(.post, path: "/login", body: .text("user=ada")))
    // Every later request to the same host carries `Cookie: session=…`.
    let profile = try await client.send(Endpoint<Profile>(path: "/me"))
    print(jar.cookies(for: URL(string: "https://api.example.com/me")!).map(\.name), login.status, profile)
}

func cookiesArticlePersistence() throws {
    let file = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent("cookies.json")
    let persistent = try CookieJar(persistingTo: file)
    let app = Client(transport: URLSessionTransport()).storingCookies(in: persistent)
    _ = app
}

func cookieJarDocComment() {
    let jar = CookieJar()
    jar.storeCookies(from: ["session=abc; Path=/; Secure; HttpOnly"], for: URL(string: "https://example.com/login")!)
    _ = jar.cookieHeader(for: URL(string: "https://example.com/account")!)   // "session=abc"
}

func storingCookiesDocComment() {
    let jar = CookieJar()
    let client = Client(transport: URLSessionTransport())
        .caching(in: MemoryCacheStore(maxBytes: 10 * 1024 * 1024))
        .storingCookies(in: jar)      // sees each hop, and adds cookies the cache can see
        .followingRedirects()
        .targeting(.production)
    _ = client
}
